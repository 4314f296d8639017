"""The command-line tools: building, serving, benchmarking, solving. Each runs from the repository's
root as ``python -m tools.NAME`` (the Makefile's targets), so it imports the engine, the web app, the
site generator, the other tools and the shared ``support`` package as what they are."""
