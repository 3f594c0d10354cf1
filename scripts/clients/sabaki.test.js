// ingo driven through @sabaki/gtp, the GTP layer of Sabaki itself: the
// attach burst, board sync (with undo), a streamed kata-analyze stopped
// the way Sabaki stops it (by sending the next command), lz-analyze's
// integer win rates, and a kata-genmove_analyze game move.
//
//   node --test scripts/clients/     (after cargo build --release)
//
// INGO may name the binary; the default is target/release/ingo.

const test = require('node:test')
const assert = require('node:assert')
const path = require('node:path')
const {Controller, ControllerStateTracker, Command} = require('@sabaki/gtp')

const ingo =
  process.env.INGO || path.join(__dirname, '..', '..', 'target', 'release', 'ingo')

function start(args) {
  const controller = new Controller(ingo, args)
  controller.start()
  return controller
}

// What Sabaki reads from an info block (see the research notes, §3.4):
// `move` and `winrate` required, `pv` last and matching its pattern.
function parseInfo(line, format) {
  const blocks = line.split(/\s*info\s+/).slice(1)
  assert.ok(blocks.length > 0, `no info block in ${line}`)
  return blocks.map(block => {
    const [head, pv] = block.split(/\s+pv\s+/)
    assert.ok(pv != null, `pv must be there and last: ${block}`)
    assert.match(pv, /^(pass|[A-HJ-T]\d+)(\s+(pass|[A-HJ-T]\d+))*$/)
    const fields = {}
    const tokens = head.trim().split(/\s+/)
    for (let i = 0; i + 1 < tokens.length; i += 2) fields[tokens[i]] = tokens[i + 1]
    assert.match(fields.move, /^(pass|[A-HJ-T]\d+)$/)
    assert.match(fields.visits, /^\d+$/)
    if (format === 'kata') {
      // Sabaki takes kata- win rates as floats 0..1: always a dot.
      assert.match(fields.winrate, /^[01]\.\d+$/)
      assert.match(fields.scoreLead, /^-?\d+\.\d+$/)
    } else {
      assert.match(fields.winrate, /^\d+$/)
      assert.ok(+fields.winrate <= 10000)
    }
    return {...fields, pv: pv.split(/\s+/)}
  })
}

test('attach, sync with undo, analysis stopped by the next command', async () => {
  const controller = start(['--threads', '2', '--time', '1'])
  try {
    // Sabaki's attach: four commands at once, no ids.
    const [name, version, protocol, list] = await Promise.all(
      ['name', 'version', 'protocol_version', 'list_commands'].map(name =>
        controller.sendCommand({name})
      )
    )
    assert.strictEqual(name.content, 'ingo')
    assert.match(version.content, /^\d+\.\d+\.\d+/)
    assert.strictEqual(protocol.content, '2')
    const commands = list.content.split('\n')
    for (const c of ['kata-analyze', 'lz-analyze', 'kata-genmove_analyze', 'undo']) {
      assert.ok(commands.includes(c), c)
    }
    // Sabaki prefers these when listed; ingo does not have them.
    assert.ok(!commands.includes('analyze') && !commands.includes('genmove_analyze'))

    const tracker = new ControllerStateTracker(controller)
    const moves = [['B', 'E5'], ['W', 'C3'], ['B', 'G7']]
    const history = moves.map(([c, v]) => ({name: 'play', args: [c, v]}))
    await tracker.sync({komi: 6.5, boardsize: [9, 9], history})
    // Back one move and on another way: undo, then play.
    const sent = []
    const record = ({command}) => sent.push(Command.toString(command))
    controller.on('command-sent', record)
    await tracker.sync({
      komi: 6.5,
      boardsize: [9, 9],
      history: [...history.slice(0, 2), {name: 'play', args: ['B', 'D4']}]
    })
    controller.off('command-sent', record)
    // (The tracker asks list_commands itself, to learn of undo.)
    assert.deepStrictEqual(
      sent.filter(c => c !== 'list_commands'),
      ['undo', 'play B D4']
    )
    const stones = await controller.sendCommand({name: 'list_stones', args: ['black']})
    assert.strictEqual(stones.content, 'E5 D4')

    // Analysis: lines stream until the next command arrives.
    const lines = []
    let abortSent = null
    let resolveThree
    const three = new Promise(r => (resolveThree = r))
    const analysis = controller.sendCommand(
      {name: 'kata-analyze', args: ['W', '10']},
      ({line}) => {
        if (line.startsWith('info')) {
          lines.push(line)
          if (lines.length === 3) resolveThree()
        }
      }
    )
    await three
    // Sabaki's sendAbort.
    abortSent = controller.sendCommand({name: 'protocol_version'})
    const [done, abort] = await Promise.all([analysis, abortSent])
    assert.ok(!done.error)
    assert.strictEqual(abort.content, '2')
    for (const line of lines) {
      for (const info of parseInfo(line, 'kata')) {
        assert.ok(!['E5', 'C3', 'D4'].includes(info.move), `occupied: ${info.move}`)
        assert.strictEqual(info.pv[0], info.move)
      }
    }
    // The session goes on where it was.
    const after = await controller.sendCommand({name: 'list_stones', args: ['white']})
    assert.strictEqual(after.content, 'C3')

    // lz-analyze: integer win rates.
    const lzLines = []
    let resolveOne
    const one = new Promise(r => (resolveOne = r))
    const lz = controller.sendCommand({name: 'lz-analyze', args: ['W', '10']}, ({line}) => {
      if (line.startsWith('info')) {
        lzLines.push(line)
        resolveOne()
      }
    })
    await one
    await Promise.all([lz, controller.sendCommand({name: 'name'})])
    parseInfo(lzLines[0], 'lz')

    // An engine move the way Sabaki asks for it when this is listed.
    const infos = []
    const move = await controller.sendCommand(
      {name: 'kata-genmove_analyze', args: ['W', '10']},
      ({line}) => {
        if (line.startsWith('info')) infos.push(line)
      }
    )
    const last = move.content.split('\n').pop()
    assert.match(last, /^play ([A-HJ-T]\d+|pass|resign)$/)
    for (const line of infos) parseInfo(line, 'kata')
    if (last !== 'play resign' && last !== 'play pass') {
      const white = await controller.sendCommand({name: 'list_stones', args: ['white']})
      assert.ok(white.content.split(' ').includes(last.slice(5)), white.content)
    }
  } finally {
    await controller.stop()
  }
})
