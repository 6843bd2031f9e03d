"""The tests that wait on a long child process (tests/background.py) have it started when
collection ends and run last, so that the child works beside the rest of the suite."""
from tests import background


def _key(item) -> str:
    return f"{item.module.__name__}.{getattr(item, 'originalname', item.name)}" if hasattr(item, "module") else ""


def pytest_collection_modifyitems(session, config, items):
    waiting = [item for item in items if background.has_child(_key(item))]
    items[:] = [item for item in items if not background.has_child(_key(item))] + waiting


def pytest_collection_finish(session):
    if session.config.option.collectonly:
        return
    for item in session.items:
        background.start(_key(item))


def pytest_sessionfinish(session, exitstatus):
    background.stop_all()
