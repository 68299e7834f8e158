//! What every example's command line does with bad arguments: one line on
//! standard error, exit code 2; `--help` and `--version` as usual.

use clap::Parser;

/// Parses the arguments, or exits: 0 after `--help` / `--version`, 2 after
/// printing the first line of any other error.
pub fn parse<C: Parser>() -> C {
    match C::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            print!("{e}");
            std::process::exit(0);
        }
        Err(e) => {
            eprintln!("{}", first_line(&e.to_string()));
            std::process::exit(2);
        }
    }
}

/// The first line of a clap error, with the argument it names when that
/// comes on the next line.
pub fn first_line(error: &str) -> String {
    let mut lines = error.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines
        .next()
        .unwrap_or("error: invalid arguments")
        .to_owned();
    match lines.next() {
        Some(next) if first.ends_with(':') => format!("{first} {next}"),
        _ => first,
    }
}
