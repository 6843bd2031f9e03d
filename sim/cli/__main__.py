from sim.cli.app import app

app()
