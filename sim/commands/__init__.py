"""The `seiya` commands, one module each. Heavy libraries are imported inside the commands so
that `seiya --help` stays fast."""
