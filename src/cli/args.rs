//! The flags several commands share (the search's, the rule set and komi,
//! how the engine plays) and the checks that turn a flag's text into its
//! value, each naming the valid values when it refuses one.

use clap::Args;

use crate::board::MAX_SIZE;
use crate::gtp::Config;
use crate::playout::Policy;
use crate::rules::Rules;
use crate::search::{max_nodes_for_memory, PlayerKind, SearchParams};

/// The playout policies' names, as `--playout-policy` takes them.
pub const POLICY_NAMES: [&str; 3] = ["light", "no-self-atari", "heavy"];

/// The name `--playout-policy` takes for `policy`.
pub fn policy_name(policy: Policy) -> &'static str {
    POLICY_NAMES
        .into_iter()
        .find(|name| name.parse::<Policy>().ok() == Some(policy))
        .unwrap_or("?")
}

/// The rule sets' names, as `--rules` takes them.
fn rules_names() -> String {
    Rules::PRESETS.map(|(name, _)| name).join(", ")
}

/// `--rules`: one of the preset names.
pub fn parse_rules(s: &str) -> Result<Rules, String> {
    s.parse()
        .map_err(|e: crate::rules::UnknownRules| e.to_string())
}

/// `--playout-policy`: one of [`POLICY_NAMES`].
pub fn parse_policy(s: &str) -> Result<Policy, String> {
    s.parse()
        .map_err(|_| format!("the playout policies are {}", POLICY_NAMES.join(", ")))
}

/// A whole number of at least 1 (`--playouts`, `--rounds`).
pub fn parse_count(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("must be a whole number, at least 1".into()),
    }
}

/// Most seconds `--time` takes: a thinking time beyond 11 days is a typo.
const MAX_SECONDS: f64 = 1e6;

/// `--time`: a positive number of seconds.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t <= MAX_SECONDS => Ok(t),
        _ => Err(format!(
            "must be a positive number of seconds, at most {MAX_SECONDS}"
        )),
    }
}

/// `--komi`: a finite number.
pub fn parse_komi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(k) if k.is_finite() => Ok(k),
        _ => Err("must be a number of points, like 7.5 or -3".into()),
    }
}

/// `--resign`: a win rate in [0, 1).
pub fn parse_win_rate(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(r) if (0.0..1.0).contains(&r) => Ok(r),
        _ => Err("must be a win rate from 0 (never resign) up to, not including, 1".into()),
    }
}

/// `--size`: a board size ingo plays on.
pub fn parse_size(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n) if (2..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(format!("must be a board size from 2 to {MAX_SIZE}")),
    }
}

/// Most threads `--threads` takes.
const MAX_THREADS: u16 = 256;

/// `--threads`: from 1 to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<u16, String> {
    match s.parse::<u16>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "must be a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// The node caps `--max-nodes` takes: below the lower one a search
/// cannot grow a tree; the upper one is far beyond any machine's memory.
const NODES: (u64, u64) = (1000, 1_000_000_000);

/// `--max-nodes`: a node cap in [`NODES`].
pub fn parse_max_nodes(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if (NODES.0..=NODES.1).contains(&n) => Ok(n),
        _ => Err(format!(
            "must be a number of nodes from {} to {}",
            NODES.0, NODES.1
        )),
    }
}

/// The memory caps `--memory` takes, in megabytes: the program itself
/// needs the lower one.
const MEGABYTES: (u64, u64) = (32, 1_000_000);

/// `--memory`: megabytes in [`MEGABYTES`].
pub fn parse_megabytes(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if (MEGABYTES.0..=MEGABYTES.1).contains(&n) => Ok(n),
        _ => Err(format!(
            "must be a number of megabytes from {} to {}",
            MEGABYTES.0, MEGABYTES.1
        )),
    }
}

/// The search's flags: GTP, `selfplay` and `review` take them.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct SearchArgs {
    /// Search threads (default: the machine's cores).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<u16>,
    #[arg(long, value_name = "N", value_parser = parse_max_nodes,
          help = format!("Most nodes the search tree may hold (default {})",
                         SearchParams::default().max_nodes))]
    pub max_nodes: Option<u64>,
    /// Memory cap for the search tree, in megabytes (sets the node cap;
    /// with --max-nodes too, the smaller cap holds).
    #[arg(long, value_name = "MB", value_parser = parse_megabytes)]
    pub memory: Option<u64>,
    /// Random seed (default: a new one each run, so that repeated games
    /// differ); with --threads 1 and --playouts, play is reproducible.
    #[arg(long)]
    pub seed: Option<u64>,
    #[arg(long, value_name = "POLICY", value_parser = parse_policy,
          help = format!("Playout policy: {} (default {})", POLICY_NAMES.join(", "),
                         policy_name(SearchParams::default().policy)))]
    pub playout_policy: Option<Policy>,
}

/// The machine's cores, the threads a search uses unless told.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl SearchArgs {
    /// [`SearchParams::default`] with the flags given; the threads are
    /// the machine's cores and the seed a new one unless given.
    pub fn params(&self) -> SearchParams {
        let default = SearchParams::default();
        let by_count = self.max_nodes.map(|n| n as usize);
        let by_memory = self.memory.map(|mb| max_nodes_for_memory(mb as usize));
        let max_nodes = match (by_count, by_memory) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => default.max_nodes,
        };
        let seed = self.seed.unwrap_or_else(rand::random);
        log::info!("seed {seed}");
        SearchParams {
            threads: self.threads.map_or_else(cores, usize::from),
            seed,
            policy: self.playout_policy.unwrap_or(default.policy),
            max_nodes,
            ..default
        }
    }
}

/// The help of `--rules`: the names, and [`Config`]'s rule set.
pub fn rules_help() -> String {
    format!(
        "Rule set: {} (default {})",
        rules_names(),
        Config::default().rules
    )
}

/// The help of `--komi`: [`Config`]'s, or the rule set's own.
pub fn komi_help() -> String {
    // The rule sets with a komi of their own, by komi.
    let mut own: Vec<(f64, Vec<&str>)> = Vec::new();
    for (name, rules) in Rules::PRESETS {
        if let Some(k) = rules.default_komi() {
            match own.iter_mut().find(|(komi, _)| *komi == k) {
                Some((_, names)) => names.push(name),
                None => own.push((k, vec![name])),
            }
        }
    }
    let own: Vec<String> = own
        .iter()
        .map(|(k, names)| format!("; {k} under {}", names.join(" and ")))
        .collect();
    format!("Komi (default {}{})", Config::default().komi, own.concat())
}

/// The rule set and komi: GTP, `selfplay` and `review` take them.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct GameArgs {
    #[arg(long, value_parser = parse_rules, help = rules_help())]
    pub rules: Option<Rules>,
    #[arg(long, allow_negative_numbers = true, value_parser = parse_komi, help = komi_help())]
    pub komi: Option<f64>,
}

impl GameArgs {
    /// The rule set given, else [`Config`]'s.
    pub fn rules(&self) -> Rules {
        self.rules.unwrap_or(Config::default().rules)
    }

    /// The komi given, else the rule set's own (SPEC §1.4), else
    /// [`Config`]'s.
    pub fn komi(&self) -> f64 {
        self.komi
            .or_else(|| self.rules().default_komi())
            .unwrap_or(Config::default().komi)
    }

    /// Sets the rule set and komi of `config`.
    pub fn apply(&self, config: &mut Config) {
        config.rules = self.rules();
        config.komi = self.komi();
        config.komi_given = self.komi.is_some();
    }
}

/// How the engine plays a game: GTP and `selfplay` take them.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct PlayArgs {
    #[arg(long, value_name = "WIN_RATE", value_parser = parse_win_rate,
          help = format!("Resign below this win rate (0 never resigns; default {})",
                         SearchParams::default().resign_threshold))]
    pub resign: Option<f64>,
    #[arg(long, help = format!(
        "Player: mcts (the tree search) or flat (simple Monte Carlo: every legal move \
         gets the same share of playouts; weaker, easy to follow) (default {})",
        Config::default().player))]
    pub player: Option<PlayerKind>,
}

impl PlayArgs {
    /// Sets the player and its resignation threshold in `config`.
    pub fn apply(&self, config: &mut Config) {
        if let Some(resign) = self.resign {
            config.search.resign_threshold = resign;
        }
        if let Some(player) = self.player {
            config.player = player;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_has_its_name() {
        let names: Vec<&str> = [Policy::Light, Policy::NoSelfAtari, Policy::Heavy]
            .into_iter()
            .map(policy_name)
            .collect();
        assert_eq!(names, POLICY_NAMES);
    }

    #[test]
    fn checks_refuse_nonsense_and_take_the_rest() {
        assert_eq!(parse_count("1"), Ok(1));
        assert!(parse_count("0").unwrap_err().contains("at least 1"));
        assert!(parse_count("-3").is_err());
        assert_eq!(parse_seconds("0.5"), Ok(0.5));
        assert_eq!(parse_seconds("1000000"), Ok(1e6));
        for bad in ["0", "-1", "nan", "inf", "1000001", "x"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_komi("-3"), Ok(-3.0));
        assert!(parse_komi("nan").is_err() && parse_komi("inf").is_err());
        assert_eq!(parse_win_rate("0"), Ok(0.0));
        assert!(parse_win_rate("1").is_err() && parse_win_rate("-0.1").is_err());
        assert_eq!(parse_size("2"), Ok(2));
        assert_eq!(parse_size("25"), Ok(25));
        assert!(parse_size("1").is_err() && parse_size("26").is_err());
        assert_eq!(parse_threads("256"), Ok(256));
        assert!(parse_threads("0").is_err() && parse_threads("257").is_err());
        assert_eq!(parse_max_nodes("1000"), Ok(1000));
        assert!(parse_max_nodes("999").is_err());
        assert_eq!(parse_megabytes("32"), Ok(32));
        assert!(parse_megabytes("31").is_err());
        assert_eq!(parse_rules("Japanese"), Ok(Rules::JAPANESE));
        let e = parse_rules("foo").unwrap_err();
        for (name, _) in Rules::PRESETS {
            assert!(e.contains(name), "{e}");
        }
    }

    #[test]
    fn komi_follows_the_rule_set_unless_given() {
        let game = |rules: Option<Rules>, komi: Option<f64>| GameArgs { rules, komi };
        assert_eq!(game(None, None).komi(), 7.5);
        assert_eq!(game(Some(Rules::JAPANESE), None).komi(), 6.5);
        assert_eq!(game(Some(Rules::JAPANESE), Some(0.5)).komi(), 0.5);
        let mut config = Config::default();
        game(Some(Rules::KOREAN), None).apply(&mut config);
        assert_eq!(
            (config.rules, config.komi, config.komi_given),
            (Rules::KOREAN, 6.5, false)
        );
        game(None, Some(3.0)).apply(&mut config);
        assert_eq!(
            (config.rules, config.komi, config.komi_given),
            (Rules::SIMPLIFIED_ING, 3.0, true)
        );
    }

    #[test]
    fn the_node_cap_is_the_smaller_one_given() {
        let search = |max_nodes, memory| SearchArgs {
            threads: Some(1),
            max_nodes,
            memory,
            seed: Some(4),
            playout_policy: None,
        };
        let by_memory = max_nodes_for_memory(100);
        assert_eq!(
            search(None, None).params().max_nodes,
            SearchParams::default().max_nodes
        );
        assert_eq!(search(Some(5000), None).params().max_nodes, 5000);
        assert_eq!(search(None, Some(100)).params().max_nodes, by_memory);
        assert_eq!(
            search(Some(by_memory as u64 + 1), Some(100))
                .params()
                .max_nodes,
            by_memory
        );
        let p = search(None, None).params();
        assert_eq!((p.threads, p.seed, p.policy), (1, 4, Policy::Heavy));
    }
}
