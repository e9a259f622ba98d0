//! The `chartwright` binary: the command line and REPL of [`chartwright_cli`].

fn main() -> std::process::ExitCode {
    chartwright_cli::main()
}
