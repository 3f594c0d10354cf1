//! The run: plays the schedule's random games in ingo and GNU Go at once
//! and checks every position against the reference and the model of GNU Go.

use std::collections::BTreeSet;
use std::process::Command;
use std::time::Instant;

use crate::board::{parse_vertex_set, vertex, vertex_list, Colour, Point};
use crate::common;
use crate::engine::{Engine, Reply};
use crate::game::{Game, Verdict};
use crate::gnugo::{gnugo_ko_point, GnuGoModel, GNUGO, GNUGO_CONFIGS};
use crate::reference::{Class, Reference, RuleSet, RULE_SETS};
use crate::rng::SplitMix64;
use crate::stats::Stats;

/// Fixed seed: the games (and so every count printed) are the same on every
/// run, whatever the engines answer, because moves are chosen from the
/// reference model only.
const SEED: u64 = 0x1960_0D0B_0A4D_5EED;

/// Stop collecting disagreements after this many (each aborts its game).
const MAX_FAILURES: usize = 8;

/// One batch of games: board size, how many games, and the move cap.
pub(crate) struct Plan {
    size: usize,
    games: usize,
    max_moves: usize,
}

pub(crate) const fn plan(size: usize, games: usize, max_moves: usize) -> Plan {
    Plan {
        size,
        games,
        max_moves,
    }
}

/// Probability that the player who just moved moves again (GTP lets either
/// colour play at any time). Filling one's own liberties is what makes
/// multi-stone suicide and odd repetitions common.
const P_SAME_COLOUR: f64 = 0.25;
/// Probability of a pass when the previous move was not a pass. Two passes
/// in a row are never played: in ingo they stop the game (spec 1.3).
const P_PASS: f64 = 0.03;
/// Probability, per step, of first trying an illegal move in both engines.
const P_ILLEGAL_TRY: f64 = 0.15;
/// Probability that such a try is a superko one when there is one.
const P_PREFER_SUPERKO: f64 = 0.8;

pub(crate) struct Harness {
    ingo: Engine,
    /// GNU Go in each of [`GNUGO_CONFIGS`].
    pub(crate) gnugo: Vec<Engine>,
    /// The rule set of the games being played.
    rules: RuleSet,
    rng: SplitMix64,
    stats: Stats,
    pub(crate) failures: Vec<String>,
}

impl Harness {
    /// ingo, and GNU Go in each of its configurations.
    pub(crate) fn start() -> Harness {
        let gnugo = GNUGO_CONFIGS
            .iter()
            .map(|args| {
                let mut command = Command::new(GNUGO);
                command.args(*args);
                Engine::spawn("GNU Go", command)
            })
            .collect();
        Harness {
            ingo: Engine::spawn("ingo", common::ingo(&[])),
            gnugo,
            rules: RULE_SETS[0],
            rng: SplitMix64(SEED),
            stats: Stats::default(),
            failures: Vec::new(),
        }
    }

    /// Plays `schedule` as round `round`: under `RULE_SETS[round % 8]`,
    /// with that round's own seed (round 0's is [`SEED`]). Returns the
    /// round's counts; disagreements go to `failures`.
    pub(crate) fn round(&mut self, round: usize, schedule: &[Plan], started: Instant) -> Stats {
        self.rules = RULE_SETS[round % RULE_SETS.len()];
        self.rng = SplitMix64(SEED ^ (round as u64).wrapping_mul(0xA076_1D64_78BD_642F));
        self.stats = Stats::default();
        for plan in schedule {
            let positions_before = self.stats.positions;
            let games_before = self.stats.games;
            for _ in 0..plan.games {
                if self.failures.len() >= MAX_FAILURES {
                    break;
                }
                if let Err(failure) = self.play_game(plan.size, plan.max_moves) {
                    self.failures.push(failure);
                }
            }
            println!(
                "gnugo_crosscheck: round {round}, {1}: {0}x{0}: {2} games, {3} positions \
                 checked, {4:.1}s so far",
                plan.size,
                self.rules.name,
                self.stats.games - games_before,
                self.stats.positions - positions_before,
                started.elapsed().as_secs_f64()
            );
        }
        let s = std::mem::take(&mut self.stats);
        println!(
            "gnugo_crosscheck summary, round {round}, {}: {}; {:.1}s",
            self.rules.name,
            s.summary(),
            started.elapsed().as_secs_f64()
        );
        s
    }

    pub(crate) fn assert_no_failures(&self) {
        assert!(
            self.failures.is_empty(),
            "{} disagreement(s) (each ended its game; at most {MAX_FAILURES} are collected):\n\n{}",
            self.failures.len(),
            self.failures.join("\n\n")
        );
    }

    /// Sends each engine its own batch, both before reading anything, so the
    /// two engines work in parallel; returns the replies in order.
    /// Under rules without GNU Go, `to_gnugo` must be empty.
    fn exchange(&mut self, to_ingo: &[String], to_gnugo: &[String]) -> (Vec<Reply>, Vec<Reply>) {
        let gnugo = match self.rules.gnugo {
            Some(k) => &mut self.gnugo[k],
            None => {
                assert!(to_gnugo.is_empty(), "{} has no GNU Go", self.rules.name);
                &mut self.gnugo[0]
            }
        };
        for command in to_ingo {
            self.ingo.send(command);
        }
        for command in to_gnugo {
            gnugo.send(command);
        }
        let from_ingo = to_ingo.iter().map(|_| self.ingo.receive()).collect();
        let from_gnugo = to_gnugo.iter().map(|_| gnugo.receive()).collect();
        (from_ingo, from_gnugo)
    }

    /// The same commands to ingo and, under rules it judges, GNU Go.
    fn both(&mut self, commands: &[String]) -> (Vec<Reply>, Vec<Reply>) {
        let to_gnugo = if self.rules.gnugo.is_some() {
            commands
        } else {
            &[]
        };
        self.exchange(commands, to_gnugo)
    }

    /// Plays one random game, checking every position; `Err` describes the
    /// first disagreement, after which the game cannot go on.
    fn play_game(&mut self, size: usize, max_moves: usize) -> Result<(), String> {
        let setup = [format!("boardsize {size}"), "clear_board".to_string()];
        let to_ingo = [
            setup[0].clone(),
            setup[1].clone(),
            format!("ingo-rules {}", self.rules.name),
        ];
        let to_gnugo: &[String] = if self.rules.gnugo.is_some() {
            &setup
        } else {
            &[]
        };
        let (from_ingo, from_gnugo) = self.exchange(&to_ingo, to_gnugo);
        for (name, commands, replies) in [
            ("ingo", &to_ingo[..], &from_ingo),
            ("GNU Go", to_gnugo, &from_gnugo),
        ] {
            for (command, reply) in commands.iter().zip(replies) {
                if !reply.success {
                    return Err(format!("{name} refused `{command}`: {}", reply.show()));
                }
            }
        }
        let mut game = Game {
            reference: Reference::new(size, self.rules),
            gnugo: GnuGoModel::new(),
            moves: Vec::new(),
            last_colour: Colour::White,
            last_was_pass: false,
        };
        self.stats.games += 1;
        let result = self.run_game(&mut game, max_moves);
        self.stats.longest_game = self.stats.longest_game.max(game.reference.move_count());
        result
    }

    fn run_game(&mut self, game: &mut Game, max_moves: usize) -> Result<(), String> {
        // The verdicts on every point of the current position, per colour.
        let mut verdicts = self.check_position(game)?;
        // Illegal tries do not advance the game, so bound the steps too.
        let mut steps = 0;
        while game.reference.move_count() < max_moves && steps < 2 * max_moves {
            steps += 1;
            // The first two moves are Black then White, both stones: ingo
            // counts Black stones played before White's first move as
            // handicap (spec 1.5), which this test is not about.
            let opening = game.reference.move_count() < 2;
            let colour = if !opening && self.rng.chance(P_SAME_COLOUR) {
                game.last_colour
            } else {
                game.last_colour.opponent()
            };

            if !opening && self.rng.chance(P_ILLEGAL_TRY) {
                let now = game.reference.move_count();
                if let Some(verdict) = self.pick_illegal(now, &verdicts[colour.index()]) {
                    self.try_illegal(game, colour, &verdict)?;
                    verdicts = self.check_position(game)?;
                    continue;
                }
            }

            let mut mover = colour;
            let after_pass = game.last_was_pass;
            let mut choice = self.pick_legal(&verdicts[mover.index()], after_pass);
            if choice.is_none() && !opening {
                mover = colour.opponent();
                choice = self.pick_legal(&verdicts[mover.index()], after_pass);
            }
            let point = match choice {
                Some(_) if !opening && !game.last_was_pass && self.rng.chance(P_PASS) => None,
                Some(p) => Some(p),
                // Nobody can put a stone down: one pass is fine, a second
                // would stop the game (spec 1.3), so end it instead.
                None if !game.last_was_pass && !opening => None,
                None => break,
            };
            self.play(game, mover, point)?;
            if game.reference.long_cycle {
                return self.check_long_cycle(game);
            }
            verdicts = self.check_position(game)?;
        }
        Ok(())
    }

    /// After the move that repeated a position a third time since the
    /// last pass (basic ko rule), ingo must say the game is over and why,
    /// and take no more moves; the game stops there.
    fn check_long_cycle(&mut self, game: &Game) -> Result<(), String> {
        self.stats.long_cycles += 1;
        let commands = ["ingo-phase".to_string(), "all_legal black".to_string()];
        let (from_ingo, _) = self.exchange(&commands, &[]);
        let (phase, legal) = (&from_ingo[0], &from_ingo[1]);
        // No result under the Japanese rules (1989, Article 12), a draw
        // under the Korean (docs/rules.md, "The rules in plain words").
        let want = if self.rules.name == "korean" {
            "finished draw (long cycle)"
        } else {
            "finished no-result (long cycle)"
        };
        if !phase.success || phase.text != want {
            return Err(format!(
                "the position occurred a third time since the last pass, but `ingo-phase` \
                 answered `{}`, not `{want}`\n  {}",
                phase.show(),
                game.context()
            ));
        }
        if !legal.success || !legal.text.is_empty() {
            return Err(format!(
                "the game ended in a long cycle, but `all_legal black` answered `{}`\n  {}",
                legal.show(),
                game.context()
            ));
        }
        Ok(())
    }

    /// A random legal point among `verdicts` (one colour's), biased towards
    /// multi-stone suicides and captures, which are what feed superko
    /// situations. A point GNU Go would wrongly refuse is left out, so that
    /// both engines stay in the same position; so is a suicide that counts
    /// as a pass (Ing's) right `after_pass`, which would stop the game.
    fn pick_legal(&mut self, verdicts: &[Verdict], after_pass: bool) -> Option<Point> {
        let mut weighted = Vec::new();
        for verdict in verdicts {
            let weight = match verdict.class {
                _ if !verdict.gnugo_accepts => 0,
                Class::SuicideAsPass if after_pass => 0,
                Class::SuicideAsPass => 2,
                Class::Legal { suicide: true, .. } => 12,
                Class::Legal { capture: true, .. } => 4,
                Class::Legal { .. } => 1,
                _ => 0,
            };
            weighted.extend(std::iter::repeat_n(verdict.point, weight));
        }
        (!weighted.is_empty()).then(|| weighted[self.rng.below(weighted.len())])
    }

    /// A random illegal point among `verdicts` (one colour's, at move
    /// `now`): first a random kind among those present (so rare kinds get
    /// tried as often as common ones; superko kinds, the point of this test,
    /// mostly), then a random point of that kind.
    fn pick_illegal(&mut self, now: usize, verdicts: &[Verdict]) -> Option<Verdict> {
        let mut kinds: [Vec<Verdict>; 9] = Default::default();
        for &verdict in verdicts {
            let kind = match verdict.class {
                Class::Legal { .. } | Class::SuicideAsPass => continue,
                Class::Occupied => 0,
                Class::SingleStoneSuicide => 1,
                Class::Superko { suicide: true, .. } => 2,
                Class::Superko { .. } if verdict.gnugo_accepts => 3,
                Class::Superko { repeats, .. } if repeats + 1 == now => 4,
                Class::Superko { .. } => 5,
                Class::ForbiddenSuicide => 6,
                Class::HotStone => 7,
                Class::Cycle => 8,
            };
            kinds[kind].push(verdict);
        }
        // The ko kinds: superko's, and Ing's hot stones and cycles.
        let superko: Vec<usize> = [2, 3, 4, 5, 7, 8]
            .into_iter()
            .filter(|&k| !kinds[k].is_empty())
            .collect();
        let present: Vec<usize> = if !superko.is_empty() && self.rng.chance(P_PREFER_SUPERKO) {
            superko
        } else {
            (0..kinds.len()).filter(|&k| !kinds[k].is_empty()).collect()
        };
        if present.is_empty() {
            return None;
        }
        let kind = &mut kinds[present[self.rng.below(present.len())]];
        let index = self.rng.below(kind.len());
        Some(kind.swap_remove(index))
    }

    fn play(
        &mut self,
        game: &mut Game,
        colour: Colour,
        point: Option<Point>,
    ) -> Result<(), String> {
        let text = point.map_or_else(|| "pass".to_string(), vertex);
        let command = format!("play {} {text}", colour.gtp());
        let (from_ingo, from_gnugo) = self.both(std::slice::from_ref(&command));
        for (name, reply) in [("ingo", from_ingo.first()), ("GNU Go", from_gnugo.first())] {
            let Some(reply) = reply else { continue };
            if !reply.success {
                let why = point.map_or("pass".to_string(), |p| {
                    game.reference
                        .classify(colour, p)
                        .describe(game.reference.move_count())
                });
                return Err(format!(
                    "{name} refused a legal move: `{command}` -> `{}`\n  reference: {why}\n  {}",
                    reply.show(),
                    game.context()
                ));
            }
        }
        self.stats.moves += 1;
        let as_pass =
            point.is_some_and(|p| game.reference.classify(colour, p) == Class::SuicideAsPass);
        if as_pass {
            self.stats.suicides_as_pass += 1;
        }
        let ko_after = match point {
            None => {
                self.stats.passes += 1;
                None
            }
            Some(p) => {
                let outcome = game
                    .reference
                    .outcome(colour, p)
                    .expect("a chosen legal move is on an empty point");
                if outcome.removed_opponent > 0 {
                    self.stats.captures += 1;
                }
                if outcome.removed_own > 0 {
                    self.stats.multi_stone_suicides += 1;
                }
                gnugo_ko_point(&game.reference.board, colour, p, &outcome)
            }
        };
        game.gnugo.on_play(&game.reference, ko_after);
        game.reference.play(colour, point);
        let letter = if colour == Colour::Black { "B" } else { "W" };
        game.moves.push(format!("{letter} {text}"));
        game.last_colour = colour;
        game.last_was_pass = point.is_none() || as_pass;
        Ok(())
    }

    /// Plays an illegal move. ingo must refuse it with `? illegal move`, and
    /// so must GNU Go, unless its defects make it legal there: then it is
    /// not sent to GNU Go at all (GNU Go's `undo` would not restore its
    /// hash offset faithfully), its `all_legal` already shows the defect.
    fn try_illegal(
        &mut self,
        game: &mut Game,
        colour: Colour,
        verdict: &Verdict,
    ) -> Result<(), String> {
        let command = format!("play {} {}", colour.gtp(), vertex(verdict.point));
        let to_gnugo = if self.rules.gnugo.is_none() {
            Vec::new()
        } else if verdict.gnugo_accepts {
            self.stats.ingo_only_plays += 1;
            Vec::new()
        } else {
            vec![command.clone()]
        };
        let (from_ingo, from_gnugo) = self.exchange(std::slice::from_ref(&command), &to_gnugo);
        let why = verdict.class.describe(game.reference.move_count());
        self.stats.illegal_plays += 1;
        match verdict.class {
            Class::Superko { suicide, .. } => {
                self.stats.superko_plays += 1;
                if suicide {
                    self.stats.repeating_suicide_plays += 1;
                }
            }
            Class::HotStone => self.stats.hot_stone_plays += 1,
            Class::Cycle => self.stats.cycle_plays += 1,
            _ => {}
        }
        let replies = [("ingo", from_ingo.first()), ("GNU Go", from_gnugo.first())];
        for (name, reply) in replies {
            if let Some(reply) = reply {
                if reply.success || reply.text != "illegal move" {
                    return Err(format!(
                        "{name} did not refuse an illegal move with `? illegal move`: \
                         `{command}` -> `{}`\n  reference: {why}\n  {}",
                        reply.show(),
                        game.context()
                    ));
                }
            }
        }
        Ok(())
    }

    /// Compares everything both engines say about the current position with
    /// the reference (ingo) or with the model of GNU Go (GNU Go): legal
    /// points and stones of each colour, and capture counts. Returns the
    /// verdicts on every point for Black and for White.
    fn check_position(&mut self, game: &Game) -> Result<[Vec<Verdict>; 2], String> {
        const QUERIES: [&str; 6] = [
            "all_legal black",
            "all_legal white",
            "list_stones black",
            "list_stones white",
            "captures black",
            "captures white",
        ];
        let commands: Vec<String> = QUERIES.iter().map(|q| q.to_string()).collect();
        let (from_ingo, from_gnugo) = self.both(&commands);
        self.stats.positions += 1;
        let reference = &game.reference;
        let size = reference.size;
        let now = reference.move_count();

        for (name, replies) in [("ingo", &from_ingo), ("GNU Go", &from_gnugo)] {
            for (query, reply) in QUERIES.iter().zip(replies) {
                if !reply.success {
                    return Err(format!(
                        "{name} failed `{query}`: `{}`\n  {}",
                        reply.show(),
                        game.context()
                    ));
                }
            }
        }

        let verdicts = [game.verdicts(Colour::Black), game.verdicts(Colour::White)];
        for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
            let verdicts = &verdicts[k];
            self.stats.legal_sets += 1;
            for v in verdicts {
                match v.class {
                    Class::Superko { suicide, repeats } => {
                        self.stats.superko_vertices += 1;
                        if repeats + 1 < now {
                            self.stats.long_cycle_superko_vertices += 1;
                        }
                        if v.gnugo_accepts {
                            if suicide {
                                self.stats.gnugo_defect1 += 1;
                            } else if repeats < game.gnugo.first {
                                self.stats.gnugo_defect2_folded += 1;
                            } else {
                                self.stats.gnugo_defect2_offset += 1;
                            }
                        }
                    }
                    Class::Legal { .. } if !v.gnugo_accepts => self.stats.gnugo_phantom += 1,
                    Class::ForbiddenSuicide => self.stats.forbidden_suicide_vertices += 1,
                    Class::HotStone => self.stats.hot_stone_vertices += 1,
                    Class::Cycle => self.stats.cycle_vertices += 1,
                    _ => {}
                }
            }
            let legal: BTreeSet<Point> = verdicts
                .iter()
                .filter(|v| v.class.is_legal())
                .map(|v| v.point)
                .collect();
            let gnugo_legal: BTreeSet<Point> = verdicts
                .iter()
                .filter(|v| v.gnugo_accepts)
                .map(|v| v.point)
                .collect();

            let query = QUERIES[k];
            let mut checks = vec![("ingo", &legal, &from_ingo[k], "the reference")];
            if let Some(reply) = from_gnugo.get(k) {
                checks.push((
                    "GNU Go",
                    &gnugo_legal,
                    reply,
                    "the model of GNU Go's defects",
                ));
            }
            for (name, expected, reply, judge) in checks {
                let answered = parse_vertex_set(&reply.text, size).map_err(|e| {
                    format!(
                        "{name} `{query}` answer `{}`: {e}\n  {}",
                        reply.show(),
                        game.context()
                    )
                })?;
                if answered != *expected {
                    let explain = |points: BTreeSet<Point>| -> String {
                        points
                            .iter()
                            .map(|&p| {
                                let class = reference.classify(colour, p);
                                format!("\n      {} ({})", vertex(p), class.describe(now))
                            })
                            .collect()
                    };
                    return Err(format!(
                        "{name} `{query}` disagrees with {judge}\n  \
                         {name} lists but should not:{}\n  \
                         {name} omits but should list:{}\n  \
                         {name} answered: {}\n  expected: {}\n  {}",
                        explain(answered.difference(expected).copied().collect()),
                        explain(expected.difference(&answered).copied().collect()),
                        vertex_list(&answered),
                        vertex_list(expected),
                        game.context()
                    ));
                }
            }

            let stones = reference.stones(colour);
            let captures = reference.removed[colour.opponent().index()];
            for (name, replies) in [("ingo", &from_ingo), ("GNU Go", &from_gnugo)] {
                if replies.is_empty() {
                    continue;
                }
                let listed = parse_vertex_set(&replies[2 + k].text, size).map_err(|e| {
                    format!(
                        "{name} `{}` answer: {e}\n  {}",
                        QUERIES[2 + k],
                        game.context()
                    )
                })?;
                if listed != stones {
                    return Err(format!(
                        "{name} `{}` disagrees with the reference: answered {}, expected {}\n  {}",
                        QUERIES[2 + k],
                        vertex_list(&listed),
                        vertex_list(&stones),
                        game.context()
                    ));
                }
                let counted = &replies[4 + k].text;
                if counted.parse::<usize>() != Ok(captures) {
                    return Err(format!(
                        "{name} `{}` answered `{counted}`, but the reference counts {captures} \
                         opposing stones removed (by captures and suicides)\n  {}",
                        QUERIES[4 + k],
                        game.context()
                    ));
                }
            }
        }
        Ok(verdicts)
    }
}
