"""Every example in the README and docs/*.md works, so that a broken one fails here:

- Python blocks run (in a scratch folder, where their runs land);
- `seiya ...` commands, in code blocks and inline, are parsed against the CLI (the command, its
  options, their values' types, its arguments), and those that play no game and need no file
  are run too; a synopsis (`seiya cards list [--format ...]`) has its options checked;
- `make TARGET` names a target of the Makefile;
- TOML blocks (card files) pass `seiya cards validate`.

A Python block that plays too many games for the suite says so in the doc, on the line before it
(`<!-- slow example: why -->`): it is then checked without being run (it compiles, and every
`sim.NAME(...)` call in it binds to that function's signature), and its test says so.
"""
from __future__ import annotations

import ast
import inspect
import itertools
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

import sim
from sim.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SLOW = re.compile(r"<!--\s*slow example:\s*(.+?)\s*-->")
CLI = get_command(app)
RUN_FOR_REAL = {("cards", "list"), ("cards", "show"), ("rules",), ("policies",), ("trace",), ("cache", "info")}


@dataclass
class Example:
    path: Path
    line: int
    kind: str        # python, toml, seiya, synopsis, make
    text: str
    slow: str = ""   # why a Python block is not run
    inline: bool = False  # in a sentence: `seiya report` alone names the command

    @property
    def id(self):
        return f"{self.path.relative_to(ROOT)}:{self.line}:{self.kind}"


def _commands(line: str) -> str | None:
    """'seiya ...' (env assignments dropped) if the line is a seiya command, else None."""
    words = line.strip().split()
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        words.pop(0)
    return " ".join(words) if words and words[0] == "seiya" else None


def collect(path: Path) -> list[Example]:
    out, lines = [], path.read_text(encoding="utf-8").splitlines()
    fence, start, body, slow = None, 0, [], ""
    for i, line in enumerate(lines, 1):
        if fence is not None:
            if line.startswith("```"):
                if fence in ("python", "toml"):
                    out.append(Example(path, start, fence, "\n".join(body), slow))
                fence = None
            else:
                body.append(line)
                if fence not in ("python", "toml") and (cmd := _commands(line)):
                    out.append(Example(path, i, "seiya", cmd))
            continue
        if line.startswith("```"):
            fence, start, body = line[3:].strip(), i + 1, []
            prev = next((x for x in reversed(lines[:i - 1]) if x.strip()), "")
            slow = m.group(1) if (m := SLOW.search(prev)) else ""
            continue
        if line.startswith("    "):
            if cmd := _commands(line):
                out.append(Example(path, i, "seiya", cmd))
            elif line.strip().startswith("make "):
                out.append(Example(path, i, "make", line.strip()))
            continue
        for span in re.findall(r"`(seiya [^`]+)`", line):
            synopsis = "[" in span or "|" in span or "..." in span
            out.append(Example(path, i, "synopsis" if synopsis else "seiya", span, inline=True))
    return out


EXAMPLES = [e for path in DOCS for e in collect(path)]


def _by_kind(kind):
    return [pytest.param(e, id=e.id) for e in EXAMPLES if e.kind == kind]


def test_the_docs_have_examples_of_every_kind():
    kinds = {e.kind for e in EXAMPLES}
    assert {"python", "toml", "seiya", "synopsis", "make"} <= kinds
    assert sum(e.kind == "seiya" for e in EXAMPLES) > 40


# --- Python --------------------------------------------------------------------------------------
def _sim_calls_bind(code: str):
    """Every `sim.NAME(...)` call binds to the signature of sim.NAME (arguments that exist)."""
    for node in ast.walk(ast.parse(code)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "sim"):
            func = getattr(sim, node.func.attr)  # AttributeError: no such name in the API
            if callable(func) and not isinstance(func, type):
                inspect.signature(func).bind(*node.args, **{k.arg: k.value for k in node.keywords if k.arg})


@pytest.mark.parametrize("example", _by_kind("python"))
def test_python_examples_run(example, tmp_path):
    """In a fresh interpreter, as a reader runs it (an example may register a policy variant: it
    must not leak into the other tests)."""
    compile(example.text, example.id, "exec")
    _sim_calls_bind(example.text)
    if example.slow:
        pytest.skip(f"checked, not run: {example.slow} (marked in the doc)")
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    r = subprocess.run([sys.executable, "-c", example.text], cwd=tmp_path, capture_output=True, text=True,
                       env=dict(os.environ, MPLBACKEND="Agg", PYTHONPATH=path))
    assert r.returncode == 0, f"{example.id}:\n{r.stderr}"


# --- seiya commands ---------------------------------------------------------------------------------
def _resolve(words: list[str]):
    """The click command a command line names, its path and the rest of its words."""
    cmd, path = CLI, []
    while hasattr(cmd, "get_command") and words and not words[0].startswith("-"):
        if re.fullmatch(r"[A-Z_]+", words[0]):  # a placeholder (COMMAND): nothing more to check
            return None, path, []
        sub = cmd.get_command(None, words[0])
        assert sub is not None, f"no command '{' '.join(path + words[:1])}'"
        cmd, path = sub, path + [words.pop(0)]
    return cmd, path, words


@pytest.mark.parametrize("example", _by_kind("seiya"))
def test_seiya_commands_parse(example):
    words = shlex.split(example.text, comments=True)[1:]
    cmd, path, args = _resolve(words)
    if cmd is None or (example.inline and not args):  # a placeholder, or a command named in a sentence
        return
    if not path:  # seiya's own options: their callbacks act (--install-completion writes to ~), so names only
        known = {o for p in cmd.params for o in p.opts} | {"--help"}
        assert set(args) <= known, f"`{example.text}` ({example.id}): no option {sorted(set(args) - known)}"
        return
    try:
        cmd.make_context(" ".join(["seiya", *path]), list(args))
    except Exception as e:  # a usage error; --help and --version end in a clean exit
        if type(e).__name__ != "Exit" or getattr(e, "exit_code", 1) != 0:
            pytest.fail(f"`{example.text}` ({example.id}) does not parse: {type(e).__name__}: {e}")
    placeholders = [w for w in args if "<" in w or re.search(r"\b[A-Z]{3,}\b", w)]
    if tuple(path) in RUN_FOR_REAL and not placeholders:
        r = CliRunner().invoke(app, path + args)
        assert r.exit_code == 0, f"`{example.text}` ({example.id}) failed: {r.output}"


@pytest.mark.parametrize("example", _by_kind("synopsis"))
def test_seiya_synopses_name_real_options(example):
    words = [w for w in re.split(r"[\s\[\]|]+", example.text) if w][1:]
    cmd, _, _ = _resolve(list(itertools.takewhile(lambda w: not w.startswith("-"), words)))
    if cmd is None:
        return
    known = {o for p in cmd.params for o in (*p.opts, *p.secondary_opts)} | {"--help"}
    named = {w.split("=")[0] for w in words if w.startswith("-") and w != "-"}
    assert named <= known, f"`{example.text}` ({example.id}): no option {sorted(named - known)}"


# --- make targets and card files ---------------------------------------------------------------------
def test_make_targets_exist():
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))
    for e in EXAMPLES:
        if e.kind == "make":
            target = e.text.split()[1]
            assert target in targets, f"{e.id}: no make target '{target}'"


@pytest.mark.parametrize("example", _by_kind("toml"))
def test_card_file_examples_validate(example, tmp_path):
    card_file = tmp_path / "example.toml"
    card_file.write_text(example.text, encoding="utf-8")
    r = CliRunner().invoke(app, ["cards", "validate", str(card_file)])
    assert r.exit_code == 0, f"{example.id}: {r.output}"
