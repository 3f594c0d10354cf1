#!/usr/bin/env node
// A GUI's hour (issue 23): ingo driven through @sabaki/gtp, the GTP layer
// of Sabaki, the way Sabaki and Lizzie drive an engine for a long session:
// the attach burst, then round after round of `kata-analyze` streams
// started and stopped by the next command (a move, an undo, a genmove, a
// query, a new analysis), `genmove`, `undo`, `loadsgf` of real match
// records (scripts/match/results) and of records the session itself saved
// with `printsgf`, `clear_board`, board size and komi changes.
//
//   node scripts/clients/soak.js [--minutes 60] [--seed 1]
//        [--engine "target/release/ingo --memory 256 --threads 2 --time 0.5"]
//        [--cap-mb 256] [--sample-seconds 60] [--limit-ms 200] [--strict]
//        [--json FILE]
//
// Every command carries an id, and every answer must come back once, in
// order, with that id (no lost or doubled answer); the answer heads on the
// engine's stdout are counted too. Every answer is timed from the moment
// its command was written (for the command that stops an analysis, that
// includes the stop). Resident memory (VmRSS of /proc/PID/status) is
// sampled at the start, every --sample-seconds and at the end.
//
// At the end it prints the counts, the memory samples, the answer times
// (median and worst per command) and a verdict on the issue's numbers:
// no protocol failure, VmRSS never above --cap-mb, the last ten minutes'
// median VmRSS within 10% of the first ten's (halves of the run when it is
// shorter than 20 minutes), and every answer but genmove's and the
// analysis streams' (whose stop is timed on the command after) within
// --limit-ms. It exits non-zero on a protocol failure or a crash; with
// --strict, also when memory or answer times miss the numbers (a loaded
// machine makes answer times noisy, so CI's few-second run is not strict).

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const {Controller} = require('@sabaki/gtp')

const ROOT = path.join(__dirname, '..', '..')
const DEFAULTS = {
  minutes: 60,
  seed: 1,
  engine: `${path.join(ROOT, 'target', 'release', 'ingo')} --memory 256 --threads 2 --time 0.5`,
  capMb: 256,
  sampleSeconds: 60,
  limitMs: 200,
  strict: false,
  json: null,
  quiet: false
}

// Commands whose answer may take long by design: they think, or they
// stream until the next command (their stop is timed on that command, and
// their first info line separately).
const THINKING = new Set(['genmove', 'kata-genmove_analyze', 'lz-genmove_analyze'])
const STREAMING = new Set(['kata-analyze', 'lz-analyze'])
const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'

// mulberry32: small, seeded, good enough to pick actions.
function rng(seed) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    below: n => Math.floor(next() * n),
    chance: p => next() < p,
    pick: list => list[Math.floor(next() * list.length)]
  }
}

function realRecords() {
  const found = []
  const walk = dir => {
    let entries = []
    try {
      entries = fs.readdirSync(dir, {withFileTypes: true})
    } catch {
      return
    }
    for (const e of entries) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith('.sgf')) found.push(p)
    }
  }
  walk(path.join(ROOT, 'scripts', 'match', 'results'))
  return found.sort()
}

function rssKb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const field = name => {
      const m = status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))
      return m ? +m[1] : null
    }
    return {rss: field('VmRSS'), hwm: field('VmHWM')}
  } catch {
    return {rss: null, hwm: null}
  }
}

const median = xs => {
  if (xs.length === 0) return null
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor((s.length - 1) / 2)]
}
const sleep = ms => new Promise(r => setTimeout(r, ms))

async function soak(options = {}) {
  const opts = {...DEFAULTS, ...options}
  const r = rng(opts.seed)
  const log = (...a) => {
    if (!opts.quiet) console.log(...a)
  }
  const [program, ...args] = opts.engine.trim().split(/\s+/)
  const controller = new Controller(program, args)
  controller.start()
  const pid = controller.process.pid
  const stderr = []
  controller.on('stderr', ({content}) => {
    stderr.push(content)
    if (stderr.length > 50) stderr.shift()
  })
  let exited = null
  controller.on('stopped', ({signal}) => (exited = signal ?? 'exit'))

  // Answer heads as they appear on stdout, independent of the controller.
  let heads = 0
  let pendingText = ''
  controller.process.stdout.on('data', data => {
    pendingText += data.toString()
    let i
    while ((i = pendingText.indexOf('\n')) >= 0) {
      const line = pendingText.slice(0, i)
      pendingText = pendingText.slice(i + 1)
      if (line.startsWith('=') || line.startsWith('?')) heads++
    }
  })

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ingo-soak-'))
  const records = realRecords()
  const saved = []
  const failures = []
  const times = new Map() // command name -> [ms]
  const counts = {
    commands: 0,
    answers: 0,
    errors: 0,
    analyses: 0,
    silentAnalyses: 0,
    firstInfoWaits: 0,
    infoLines: 0,
    stoppedBy: {},
    genmoves: 0,
    undos: 0,
    loads: 0,
    realLoads: 0,
    savedLoads: 0,
    clears: 0,
    sizeChanges: 0,
    plays: 0
  }
  let worst = {ms: 0, command: null}
  let nextId = 1

  const fail = text => {
    failures.push(text)
    log(`FAILURE: ${text}`)
  }

  // Sends a command, times its answer, checks its id. `expectError`:
  // true (must fail), false (must succeed), null (either).
  const send = (name, argv = [], {subscriber, expectError = false} = {}) => {
    const id = nextId++
    const command = {id, name, args: argv.map(String)}
    const text = [name, ...command.args].join(' ')
    counts.commands++
    const start = process.hrtime.bigint()
    return controller.sendCommand(command, subscriber).then(
      response => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6
        counts.answers++
        if (!times.has(name)) times.set(name, [])
        times.get(name).push(ms)
        if (!THINKING.has(name) && !STREAMING.has(name) && ms > worst.ms) {
          worst = {ms, command: text}
        }
        if (response.id !== id) fail(`\`${id} ${text}\` answered with id ${response.id}`)
        if (response.error) counts.errors++
        if (expectError != null && response.error !== expectError) {
          fail(`\`${text}\` -> ${response.error ? '?' : '='} ${response.content}`)
        }
        return response
      },
      err => {
        fail(`\`${text}\`: ${err.message}`)
        throw err
      }
    )
  }

  // What the session believes: board size and the colour to move.
  let size = 19
  let toMove = 'B'
  const other = c => (c === 'B' ? 'W' : 'B')

  const legalMove = async colour => {
    const legal = await send('all_legal', [colour])
    const points = legal.content.split(/\s+/).filter(Boolean)
    return points.length > 0 ? r.pick(points) : 'pass'
  }

  // A `kata-analyze` (sometimes `lz-analyze`) stream, stopped by `stopper`
  // after some info lines and `ms` milliseconds.
  const analyse = async (stopper, ms) => {
    counts.analyses++
    const kind = r.chance(0.85) ? 'kata-analyze' : 'lz-analyze'
    const interval = r.pick([5, 10, 20, 50])
    const extra = kind === 'kata-analyze' && r.chance(0.3) ? ['ownership', 'true'] : []
    let lines = 0
    let sawInfo
    const firstInfo = new Promise(res => (sawInfo = res))
    const start = process.hrtime.bigint()
    const stream = send(kind, [toMove, interval, ...extra], {
      subscriber: ({line}) => {
        if (line.startsWith('info')) {
          if (lines === 0) {
            const key = `${kind} (first info line)`
            if (!times.has(key)) times.set(key, [])
            times.get(key).push(Number(process.hrtime.bigint() - start) / 1e6)
          }
          lines++
          counts.infoLines++
          sawInfo()
        }
      }
    })
    const waited = await Promise.race([firstInfo.then(() => false), sleep(5000).then(() => true)])
    if (waited) counts.firstInfoWaits++
    await sleep(ms)
    counts.stoppedBy[stopper.name] = (counts.stoppedBy[stopper.name] || 0) + 1
    const [done, answer] = await Promise.all([stream, stopper.run()])
    // Not a protocol failure (a starved machine may be that slow), but
    // counted: a GUI would have shown nothing.
    if (lines === 0) counts.silentAnalyses++
    if (done.error) fail(`${kind} failed: ${done.content}`)
    return answer
  }

  const actions = {
    play: async () => {
      const v = await legalMove(toMove)
      counts.plays++
      // No legal point: a pass, which a game already over refuses (a
      // record that ended by two passes under territory rules).
      const res = await send('play', [toMove, v], {expectError: v === 'pass' ? null : false})
      if (!res.error) toMove = other(toMove)
    },
    undo: async () => {
      const res = await send('undo', [], {expectError: null})
      if (!res.error) {
        counts.undos++
        toMove = other(toMove)
      }
    },
    genmove: async () => {
      counts.genmoves++
      // A loaded record may be a game already over (two passes under
      // territory rules): then the one right answer is that error.
      const res = await send('genmove', [toMove], {expectError: null})
      if (res.error) {
        if (res.content !== 'game is over') fail(`genmove answered \`? ${res.content}\``)
        return
      }
      if (!/^([A-HJ-Z]\d+|pass|resign)$/i.test(res.content)) {
        fail(`genmove answered \`${res.content}\``)
      }
      if (res.content.toLowerCase() !== 'resign') toMove = other(toMove)
    },
    newGame: async () => {
      if (r.chance(0.5)) {
        size = r.pick([9, 13, 19])
        counts.sizeChanges++
        await send('boardsize', [size])
      }
      counts.clears++
      await send('clear_board')
      await send('komi', [r.pick([0.5, 6.5, 7, 7.5])])
      toMove = 'B'
    },
    load: async () => {
      const useSaved = saved.length > 0 && (records.length === 0 || r.chance(0.4))
      const file = useSaved ? r.pick(saved) : r.pick(records)
      if (!file) return
      const argv = [file]
      if (r.chance(0.5)) argv.push(1 + r.below(120))
      const res = await send('loadsgf', argv)
      counts.loads++
      if (useSaved) counts.savedLoads++
      else counts.realLoads++
      toMove = res.content.trim().toLowerCase().startsWith('w') ? 'W' : 'B'
      const sz = /SZ\[(\d+)\]/.exec(fs.readFileSync(file, 'utf8'))
      size = sz ? +sz[1] : 19
    },
    save: async () => {
      const file = path.join(tmp, `saved-${saved.length % 20}.sgf`)
      await send('printsgf', [file])
      if (!saved.includes(file)) saved.push(file)
    },
    query: async () => {
      const q = r.pick([
        ['showboard'],
        ['list_stones', 'black'],
        ['captures', 'white'],
        ['name'],
        ['protocol_version'],
        ['get_komi'],
        ['known_command', 'kata-analyze']
      ])
      await send(q[0], q.slice(1), {expectError: null})
    }
  }

  // Sabaki's attach: four commands at once.
  await Promise.all(['name', 'version', 'protocol_version', 'list_commands'].map(n => send(n)))
  await send('boardsize', [size])
  await send('clear_board')

  const started = Date.now()
  const deadline = started + opts.minutes * 60_000
  const samples = []
  const sample = () => {
    const {rss, hwm} = rssKb(pid)
    const at = (Date.now() - started) / 1000
    samples.push({seconds: Math.round(at), rssKb: rss, hwmKb: hwm})
    log(
      `soak: ${(at / 60).toFixed(1)} min, VmRSS ${rss} kB (peak ${hwm} kB), ` +
        `${counts.commands} commands, ${counts.analyses} analyses, worst answer ` +
        `${worst.ms.toFixed(1)} ms (${worst.command})`
    )
  }
  sample()
  let nextSample = started + opts.sampleSeconds * 1000

  try {
    while (Date.now() < deadline && exited == null && failures.length < 20) {
      // One round: maybe a new game or a loaded record, then analysis
      // stopped by the next command, the way a GUI user clicks along.
      const roll = r.next()
      if (roll < 0.08) await actions.newGame()
      else if (roll < 0.18) await actions.load()
      else if (roll < 0.22) await actions.save()

      const stopper = r.pick([
        {name: 'play', run: actions.play},
        {name: 'play', run: actions.play},
        {name: 'undo', run: actions.undo},
        {name: 'genmove', run: actions.genmove},
        {name: 'query', run: actions.query},
        {name: 'query', run: actions.query},
        {name: 'analysis', run: () => analyse({name: 'query', run: actions.query}, r.below(300))}
      ])
      if (r.chance(0.9)) await analyse(stopper, r.below(1500))
      else await stopper.run()
      if (r.chance(0.1)) await actions.undo()

      if (Date.now() >= nextSample) {
        sample()
        nextSample += opts.sampleSeconds * 1000
      }
    }
  } catch (err) {
    fail(`session broke: ${err.message}`)
  }
  sample()
  const seconds = (Date.now() - started) / 1000

  // Give a doubled answer the time to show up, then count heads.
  await sleep(300)
  const headsSeen = heads
  if (exited != null) fail(`ingo exited (${exited}); last stderr:\n${stderr.join('\n')}`)
  else await controller.stop()
  if (headsSeen !== counts.answers) {
    fail(`${counts.answers} answers received but ${headsSeen} answer heads on stdout`)
  }
  if (counts.answers !== counts.commands) {
    fail(`${counts.commands} commands sent but ${counts.answers} answered`)
  }
  fs.rmSync(tmp, {recursive: true, force: true})

  // The issue's numbers.
  const rss = samples.map(s => s.rssKb).filter(x => x != null)
  const peakKb = Math.max(0, ...samples.map(s => s.hwmKb || 0))
  // The windows leave out the sample taken before the first command.
  const window = Math.min(600, seconds / 2)
  const first = samples.filter(s => s.seconds > 0 && s.seconds <= window).map(s => s.rssKb)
  const last = samples
    .filter(s => s.seconds > 0 && s.seconds >= seconds - window)
    .map(s => s.rssKb)
  const drift = median(first) ? Math.abs(median(last) - median(first)) / median(first) : 0
  const byCommand = {}
  for (const [name, list] of [...times.entries()].sort()) {
    byCommand[name] = {
      count: list.length,
      medianMs: +median(list).toFixed(1),
      worstMs: +Math.max(...list).toFixed(1)
    }
  }
  const checks = {
    protocol: failures.length === 0,
    memoryUnderCap: peakKb <= opts.capMb * 1024,
    memoryFlat: drift <= 0.1,
    answersFast: worst.ms <= opts.limitMs
  }
  const report = {
    seconds: +seconds.toFixed(1),
    engine: opts.engine,
    seed: opts.seed,
    counts: {...counts, answerHeads: headsSeen},
    memory: {
      samples,
      firstWindowMedianKb: median(first),
      lastWindowMedianKb: median(last),
      drift: +drift.toFixed(3),
      peakKb,
      capKb: opts.capMb * 1024,
      allRssKb: rss
    },
    worstAnswer: {ms: +worst.ms.toFixed(1), command: worst.command},
    byCommand,
    checks,
    failures
  }
  return report
}

function printReport(report) {
  const c = report.counts
  console.log(`soak summary: ${report.seconds} s, engine \`${report.engine}\`, seed ${report.seed}`)
  console.log(
    `  ${c.commands} commands, ${c.answers} answers (${c.answerHeads} answer heads on stdout), ` +
      `${c.errors} ? answers; ${c.analyses} analyses (${c.infoLines} info lines; ` +
      `${c.silentAnalyses} stopped before their first info line, ${c.firstInfoWaits} ` +
      `waited for it over 5 s), stopped by ` +
      `${JSON.stringify(c.stoppedBy)}; ${c.genmoves} genmoves, ${c.plays} plays, ${c.undos} undos, ` +
      `${c.loads} loadsgf (${c.realLoads} match records, ${c.savedLoads} saved by printsgf), ` +
      `${c.clears} clear_board, ${c.sizeChanges} boardsize`
  )
  const m = report.memory
  console.log(
    `  VmRSS samples (min:kB): ${m.samples
      .map(s => `${(s.seconds / 60).toFixed(1)}:${s.rssKb}`)
      .join(' ')}`
  )
  console.log(
    `  VmRSS median first window ${m.firstWindowMedianKb} kB, last ${m.lastWindowMedianKb} kB ` +
      `(drift ${(m.drift * 100).toFixed(1)}%), peak (VmHWM) ${m.peakKb} kB, cap ${m.capKb} kB`
  )
  console.log(
    `  worst answer (all but genmove and the analysis streams, whose stop is timed on ` +
      `the next command): ${report.worstAnswer.ms} ms (\`${report.worstAnswer.command}\`)`
  )
  for (const [name, t] of Object.entries(report.byCommand)) {
    console.log(`    ${name}: ${t.count} answers, median ${t.medianMs} ms, worst ${t.worstMs} ms`)
  }
  for (const [name, ok] of Object.entries(report.checks)) {
    console.log(`  ${ok ? 'PASS' : 'MISS'} ${name}`)
  }
  for (const f of report.failures) console.log(`  FAILURE: ${f}`)
}

module.exports = {soak, printReport}

if (require.main === module) {
  const opts = {}
  const names = {
    '--minutes': 'minutes',
    '--seed': 'seed',
    '--engine': 'engine',
    '--cap-mb': 'capMb',
    '--sample-seconds': 'sampleSeconds',
    '--limit-ms': 'limitMs',
    '--json': 'json'
  }
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--strict') opts.strict = true
    else if (argv[i] in names) {
      const key = names[argv[i]]
      const value = argv[++i]
      opts[key] = typeof DEFAULTS[key] === 'number' ? +value : value
    } else {
      console.error(`unknown option ${argv[i]}`)
      process.exit(2)
    }
  }
  soak(opts).then(
    report => {
      printReport(report)
      if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(report, null, 2) + '\n')
      const {protocol, ...numbers} = report.checks
      const missed = opts.strict && Object.values(numbers).some(ok => !ok)
      process.exit(!protocol || missed ? 1 : 0)
    },
    err => {
      console.error(err)
      process.exit(1)
    }
  )
}
