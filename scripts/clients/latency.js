#!/usr/bin/env node
// How quickly ingo's analysis starts and stops, as a client sees it
// (issue 6): over TRIES rounds on one engine, it sends `kata-analyze B
// INTERVAL`, times the first info line from the moment the command is
// written, lets the analysis run a little, then sends `protocol_version`
// and times its answer (`= 2`) from the moment that line is written. A
// move is played between rounds so that each round searches a new
// position (the tree of the last one is promoted, as in a real review).
//
//   node scripts/clients/latency.js [--tries 100] [--size 19]
//        [--interval 10] [--engine "target/release/ingo --threads 2"]
//
// Prints the median and the worst of both delays, in milliseconds.

const {spawn} = require('node:child_process')
const path = require('node:path')

const opts = {
  tries: 100,
  size: 19,
  interval: 10,
  engine: `${path.join(__dirname, '..', '..', 'target', 'release', 'ingo')} --threads 2`
}
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '')
  if (!(key in opts)) throw new Error(`unknown option ${process.argv[i]}`)
  opts[key] = typeof opts[key] === 'number' ? +process.argv[i + 1] : process.argv[i + 1]
}

const [cmd, ...args] = opts.engine.split(/\s+/)
const child = spawn(cmd, [...args, '--size', String(opts.size)], {
  stdio: ['pipe', 'pipe', 'inherit']
})

// Output lines, handed to whoever waits for the next one.
let buffer = ''
const queue = []
const waiters = []
child.stdout.on('data', data => {
  buffer += data.toString()
  let i
  while ((i = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, i)
    buffer = buffer.slice(i + 1)
    const at = process.hrtime.bigint()
    if (waiters.length > 0) waiters.shift()({line, at})
    else queue.push({line, at})
  }
})
const next = () =>
  queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise(r => waiters.push(r))
const send = text => {
  const at = process.hrtime.bigint()
  child.stdin.write(text + '\n')
  return at
}
const ms = ns => Number(ns) / 1e6
const sleep = t => new Promise(r => setTimeout(r, t))

async function response() {
  const lines = []
  for (;;) {
    const {line} = await next()
    if (line === '') return lines
    lines.push(line)
  }
}

function summary(name, values) {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]
  const worst = sorted[sorted.length - 1]
  console.log(`${name}: median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms over ${values.length}`)
  return {median, worst}
}

async function main() {
  send('clear_board')
  await response()
  const first = []
  const stop = []
  const letters = 'ABCDEFGHJKLMNOPQRST'.slice(0, opts.size)
  let failures = 0
  for (let t = 0; t < opts.tries; t++) {
    const start = send(`kata-analyze B ${opts.interval}`)
    const head = await next()
    if (head.line !== '=') throw new Error(`unexpected ${head.line}`)
    const info = await next()
    if (!info.line.startsWith('info move ')) throw new Error(`unexpected ${info.line}`)
    first.push(ms(info.at - start))
    // Let it run for a while (1 to 3 intervals), as a user would.
    await sleep(opts.interval * 10 * (1 + (t % 3)))
    const sent = send('protocol_version')
    // The rest of the analysis, its blank line, then the answer.
    for (;;) {
      const {line} = await next()
      if (line === '') break
    }
    const answer = await next()
    if (answer.line !== '= 2') throw new Error(`unexpected ${answer.line}`)
    stop.push(ms(answer.at - sent))
    await next()
    // A move on a new point for the next round (both colours).
    const x = letters[(t * 7) % opts.size]
    const y = 1 + ((t * 5 + Math.floor(t / opts.size)) % opts.size)
    send(`play ${t % 2 ? 'W' : 'B'} ${x}${y}`)
    const played = await response()
    if (!played[0].startsWith('=')) failures++
  }
  const a = summary(`first info line (interval ${opts.interval * 10} ms)`, first)
  const b = summary('answer to the interrupting command', stop)
  console.log(`(${failures} moves refused as occupied or illegal; those rounds analysed the same position)`)
  send('quit')
  child.stdin.end()
  if (a.worst > 2 * opts.interval * 10 || b.worst > 100) process.exitCode = 1
}

main().catch(e => {
  console.error(e)
  child.kill()
  process.exit(2)
})
