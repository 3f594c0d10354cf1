// CI's few seconds of the GUI soak (scripts/clients/soak.js): the same
// session mix, short. Fails on a lost, doubled or out-of-order answer, a
// crash, an analysis that streams nothing, or resident memory above the
// 256 MB cap; answer times are printed, not judged (CI's machine is
// shared).
//
//   node --test scripts/clients/     (after cargo build --release)

const test = require('node:test')
const assert = require('node:assert')
const path = require('node:path')
const {soak, printReport} = require('./soak.js')

const ingo =
  process.env.INGO || path.join(__dirname, '..', '..', 'target', 'release', 'ingo')

test('a few seconds of a GUI session: every answer once, memory under the cap', async () => {
  const report = await soak({
    minutes: 0.2,
    sampleSeconds: 4,
    seed: 7,
    engine: `${ingo} --memory 256 --threads 2 --time 0.2`,
    quiet: true
  })
  printReport(report)
  assert.deepStrictEqual(report.failures, [])
  assert.ok(report.checks.memoryUnderCap, `peak ${report.memory.peakKb} kB`)
  assert.ok(report.counts.analyses >= 3, `only ${report.counts.analyses} analyses`)
  assert.strictEqual(report.counts.answers, report.counts.commands)
})
