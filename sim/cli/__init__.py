"""The `seiya` command line: one module per command, registered in `sim.cli.app`."""
