import FlowGraphCLI

exitProcess(FlowGraphCommand.main(CommandLine.arguments))
