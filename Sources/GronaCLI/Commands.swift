/// Every command of `grona-snap`, in the order the overview lists them. A new command is its file
/// (a `Command`: name, usage, prose, its own options, what it runs) and one line here; its parsing,
/// help, man page section and completions follow from the table (`CommandTable`).
enum Commands {
    static let all: [Command] = [
        RenderCommand.command,
        SheetCommand.command,
        BatchCommand.command,
        DiffCommand.command,
        AnimateCommand.command,
        ShotsCommand.command,
        VerifyCommand.command,
        MergeCommand.command,
        AcceptCommand.command,
        UnusedCommand.command,
        CheckCommand.command,
        ServeCommand.command,
        HistoryCommand.command,
    ]

    static func named(_ name: String) -> Command? { all.first { $0.name == name } }

    /// The words that are not commands of their own: help about the others, and the shell's completion.
    static let meta: [(String, String)] = [
        ("help [command] [--man]", "show help for a command; --man: the manual page (roff)"),
        ("completion bash|zsh", "print the shell's completion script"),
    ]
}
