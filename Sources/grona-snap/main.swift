import GronaCLI

// grona-snap: the command line (Sources/GronaCLI), whose `serve` is the HTTP service (Sources/GronaServer).
CommandLineEntry.run(CommandLine.arguments)
