// One player's clock, kept by the runner on the wall clock. The time
// control is the GTP one (main time, then Canadian byo-yomi of `stones`
// moves in `byoTime`) or KGS's Japanese byo-yomi (`periods` periods of
// `byoTime`). A move may overrun by `lag` seconds without losing: that
// covers process scheduling and pipe latency, which the engine cannot see.
'use strict'

class Clock {
  // tc: {main, byoTime, stones, periods} (periods > 0 means Japanese)
  constructor(tc, lag) {
    this.tc = tc
    this.lag = lag
    this.main = tc.main
    this.inByo = false
    this.byoLeft = tc.byoTime
    this.stonesLeft = tc.stones
    this.periodsLeft = tc.periods
    this.used = 0
  }

  get japanese() {
    return this.tc.periods > 0
  }

  // Seconds the next move may take before it loses on time (lag included).
  allowance() {
    let byo = 0
    if (this.japanese) byo = this.periodsLeft * this.tc.byoTime
    else if (this.tc.byoTime > 0 && this.tc.stones > 0) byo = this.inByo ? this.byoLeft : this.tc.byoTime
    return (this.inByo ? 0 : this.main) + byo + this.lag
  }

  // GTP time_left arguments: [seconds, stones] (stones 0 in main time; in
  // Japanese byo-yomi the periods left, as KGS sends them).
  timeLeft() {
    if (!this.inByo) return [this.main, 0]
    if (this.japanese) return [this.tc.byoTime, this.periodsLeft]
    return [this.byoLeft, this.stonesLeft]
  }

  // Charges a move that took `t` seconds; returns false if it lost on time.
  charge(t) {
    this.used += t
    if (t > this.allowance()) return false
    let rest = t
    if (!this.inByo) {
      if (rest <= this.main) {
        this.main -= rest
        return true
      }
      rest -= this.main
      this.main = 0
      if (!(this.tc.byoTime > 0 && (this.japanese || this.tc.stones > 0))) return true // within lag
      this.inByo = true
      this.byoLeft = this.tc.byoTime
      this.stonesLeft = this.tc.stones
    }
    if (this.japanese) {
      // Each whole period the move used up is gone; the last one is kept
      // when the overrun is within the lag.
      let spent = Math.floor(rest / this.tc.byoTime)
      this.periodsLeft = Math.max(1, this.periodsLeft - spent)
      return true
    }
    this.byoLeft -= rest
    this.stonesLeft -= 1
    if (this.stonesLeft <= 0) {
      this.byoLeft = this.tc.byoTime
      this.stonesLeft = this.tc.stones
    }
    return true
  }
}

// "M B S" in GTP time_settings terms -> a short description for SGF OT.
function describeTimeControl(tc) {
  if (tc == null) return null
  if (tc.periods > 0) return `${tc.periods}x${tc.byoTime} byo-yomi`
  if (tc.byoTime > 0 && tc.stones > 0) return `${tc.stones}/${tc.byoTime} Canadian`
  return 'absolute'
}

module.exports = {Clock, describeTimeControl}
