// A GTP engine process driven through @sabaki/gtp: crashes, hangs and
// protocol breaks become EngineFailure so that a game can record them.
'use strict'

const {Controller, Command} = require('@sabaki/gtp')
const shellQuote = require('shell-quote')

// An engine that crashed, hung, or broke the protocol.
class EngineFailure extends Error {
  constructor(engine, message) {
    super(message)
    this.engine = engine
  }
}

// A genmove that ran past the clock: the engine is killed, the game is lost.
class TimeForfeit extends Error {
  constructor(engine, seconds) {
    super(`${engine.label}: no move within the ${seconds.toFixed(1)} s left on its clock`)
    this.engine = engine
  }
}

// A full command line as one string -> [program, ...args]. Shell operators
// are refused rather than silently dropped; $VARS stay literal (the shell
// that started the runner has expanded what it should).
function splitCommand(text) {
  let words = shellQuote.parse(text, key => '$' + key)
  for (let w of words)
    if (typeof w !== 'string')
      throw new Error(`engine command "${text}": shell syntax (${w.op || w.comment || '?'}) is not supported`)
  if (words.length === 0) throw new Error('empty engine command')
  return words
}

function withTimeout(promise, ms, onTimeout) {
  let timer
  let t = new Promise((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  return Promise.race([promise, t]).finally(() => clearTimeout(timer))
}

const liveEngines = new Set()

class Engine {
  // opts: {timeout (s), log: function(line) | null}
  constructor(label, command, opts) {
    this.label = label
    this.command = command
    let words = splitCommand(command)
    this.file = words[0]
    this.args = words.slice(1)
    this.opts = opts
    this.ctrl = null
    this.proc = null
    this.dead = null // reason, once the engine can no longer be used
    this.quitting = false
    this.stderrTail = []
    this.commandList = null
  }

  log(line) {
    if (this.opts.log) this.opts.log(`${this.label} ${line}`)
  }

  start() {
    // Its own process group: a Ctrl-C at the terminal reaches only the
    // runner, which then stops the engines itself and records nothing for
    // the unfinished games (instead of seeing them "crash").
    this.ctrl = new Controller(this.file, this.args, {detached: true})
    this.ctrl.on('stderr', ({content}) => {
      this.log(`stderr: ${content}`)
      this.stderrTail.push(content)
      if (this.stderrTail.length > 30) this.stderrTail.shift()
    })
    this.ctrl.start()
    this.proc = this.ctrl.process
    liveEngines.add(this)
    this.exited = new Promise(resolve => {
      this.proc.on('error', err => {
        this.dead = this.dead || `could not run ${this.file}: ${err.message}`
        liveEngines.delete(this)
        resolve()
      })
      this.proc.on('exit', (code, signal) => {
        if (!this.quitting)
          this.dead =
            this.dead || `process exited unexpectedly (${signal ? 'signal ' + signal : 'exit code ' + code})`
        liveEngines.delete(this)
        resolve()
      })
    })
    // Writing to a dead engine gives EPIPE on stdin; the exit handler reports it.
    this.proc.stdin.on('error', err => this.log(`stdin error: ${err.message}`))
    this.log(`started: ${this.command} (pid ${this.proc.pid})`)
  }

  // Sends a command; resolves to {error, content}. A '?' reply is a normal
  // result here; a crash or no answer within `seconds` (default: the
  // command timeout) throws EngineFailure, or `onLate()` if given.
  async send(name, args = [], seconds = null, onLate = null) {
    let text = Command.toString({name, args})
    if (this.dead) throw new EngineFailure(this, `${this.label}: ${this.dead} (before "${text}")`)
    let limit = seconds == null ? this.opts.timeout : seconds
    this.log(`<< ${text}`)
    let late = false
    try {
      let res = await withTimeout(this.ctrl.sendCommand({name, args}), limit * 1000, () => {
        late = true
        return new Error('timeout')
      })
      this.log(`>> ${res.error ? '?' : '='} ${res.content}`)
      return res
    } catch (err) {
      if (late) {
        this.dead = `no answer to "${text}" within ${limit.toFixed(1)} s`
        this.hardKill()
        this.log(`!! ${this.dead}`)
        if (onLate) throw onLate()
      } else {
        // Give the exit event a moment so that the message says how it died.
        await withTimeout(this.exited, 1000, () => null).catch(() => {})
        this.dead = this.dead || err.message
        this.log(`!! ${this.dead}`)
      }
      throw new EngineFailure(this, `${this.label}: ${this.dead}`)
    }
  }

  // Like send, but an error reply is an engine failure too.
  async must(name, args = []) {
    let res = await this.send(name, args)
    if (res.error) {
      let text = Command.toString({name, args})
      throw new EngineFailure(this, `${this.label}: "${text}" failed: ? ${res.content}`)
    }
    return res.content
  }

  async knows(name) {
    if (this.commandList == null) {
      let res = await this.send('list_commands')
      this.commandList = res.error ? [] : res.content.split(/\s+/).filter(x => x)
    }
    return this.commandList.includes(name)
  }

  hardKill() {
    if (this.proc && this.proc.exitCode == null && this.proc.signalCode == null) {
      try {
        this.proc.kill('SIGKILL')
      } catch (err) {}
    }
  }

  // Ends the engine with GTP quit; kills it if that does not work in time.
  async shutdown() {
    if (this.proc == null) return
    this.quitting = true
    if (!this.dead && this.ctrl.process != null) {
      try {
        this.log('<< quit')
        await withTimeout(this.ctrl.stop(3000), 5000, () => new Error('quit timeout'))
      } catch (err) {
        this.log(`!! quit: ${err.message}`)
      }
    }
    this.hardKill()
    await withTimeout(this.exited, 2000, () => null).catch(() => {})
    liveEngines.delete(this)
  }
}

async function killAll() {
  await Promise.all([...liveEngines].map(e => e.shutdown()))
}

module.exports = {Engine, EngineFailure, TimeForfeit, splitCommand, killAll}
