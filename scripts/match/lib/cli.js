// What the command-line tools (match.js, judge.js, quality.js) share: the
// parsers of numeric options, stopping the engines on SIGINT/SIGTERM, and
// the exit of main().
'use strict'

const {InvalidArgumentError} = require('commander')
const {killAll} = require('./engine')

const int = min => v => {
  let n = Number(v)
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`an integer >= ${min} is needed`)
  return n
}
const num = min => v => {
  let n = Number(v)
  if (!Number.isFinite(n) || n < min) throw new InvalidArgumentError(`a number >= ${min} is needed`)
  return n
}

// On SIGINT or SIGTERM: say `message`, stop every engine and exit 130 (a
// second signal exits at once). The returned state's `interrupted` tells
// loops still running meanwhile to start nothing new.
function stopOnSignals(message, log = console.error) {
  let state = {interrupted: false}
  for (let sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, async () => {
      if (state.interrupted) process.exit(130)
      state.interrupted = true
      log(`\n${sig}: ${message}`)
      await killAll()
      process.exit(130)
    })
  return state
}

// Runs main() and exits with its code; an exception is an internal error
// of the tool `name` (exit 1), after the engines are stopped.
function exitWith(name, main) {
  main().then(
    code => process.exit(code),
    async err => {
      console.error(`${name}: internal error: ${err && err.stack ? err.stack : err}`)
      await killAll()
      process.exit(1)
    }
  )
}

module.exports = {int, num, stopOnSignals, exitWith}
