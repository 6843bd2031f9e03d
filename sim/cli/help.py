"""How `--help` reads: flags shown as flags, and each command's examples."""
from __future__ import annotations


def show_flags_as_flags():
    """typer's rich help prints a type after every option, flags included (`--report <bool>`), as
    if a flag took a value; it takes none (`--report true` is refused), so show none."""
    from typer.core import TyperOption
    shown = getattr(TyperOption, "display_type_rich", None)
    if shown is None or getattr(shown, "flags_as_flags", False):  # another typer, or done already
        return

    def display_type_rich(self, ctx):
        return None if self.is_flag or self.count else shown(self, ctx)

    display_type_rich.flags_as_flags = True
    TyperOption.display_type_rich = display_type_rich


def examples(*lines: str) -> str:
    """A command's epilog: 'Examples:' and one command per line (paragraphs, which typer keeps
    on their own lines whatever its version)."""
    return "\n\n".join(("[bold]Examples[/bold]",) + lines)
