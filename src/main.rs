//! The `ingo` binary: parse the command line, start logging, run.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = ingo::cli::parse();
    let level = match cli.verbose {
        0 => "warn",
        1 => "info",
        _ => "debug",
    };
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(level))
        .target(env_logger::Target::Stderr)
        .init();
    match ingo::cli::run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ingo: {e:#}");
            ExitCode::FAILURE
        }
    }
}
