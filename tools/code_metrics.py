"""Size and seam figures of the cardlab package, for a maintainer (issue 21's measures).

Prints, for the package at ``--root`` (default: this checkout):

* modules by size (lines), and those over the 1,500-line limit;
* functions and methods of 80 lines or more (name, lines);
* imports of another module's private names (``from .x import _y``): how many import statements,
  how many names, and each one;
* import circles between cardlab modules at module level, and pairs of modules importing each
  other when imports inside functions are counted too (modules that cannot be read apart).

Usage::

    python tools/code_metrics.py [--root DIR] [--long 80] [--limit 1500]

Only the standard library is used (``ast``); nothing is imported from the package.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute module name of a relative import ``from <level dots><target> import ...``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join(base + ([target] if target else []))


def _type_checking(node: ast.If) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def measure(root: Path, long: int = 80, limit: int = 1500) -> dict:
    pkg = root / "cardlab"
    files = sorted(pkg.rglob("*.py"))
    sizes, longs, private, edges, lazy = [], [], [], {}, {}
    for path in files:
        text = path.read_text()
        name = _module_name(path, root)
        sizes.append((len(text.splitlines()), name))
        tree = ast.parse(text)
        checking = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and _type_checking(node)
                    for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in checking:  # imports for type checkers only run nothing
                continue
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n >= long:
                    longs.append((n, f"{name}:{node.name}"))
            if isinstance(node, ast.ImportFrom):
                target = _resolve(name, path.name == "__init__.py", node.level, node.module)
                names = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
                if names and target.startswith("cardlab") and target != name:
                    private.append((name, target, names))
                lazy.setdefault(name, set()).add(target)
                if node.module is None:
                    lazy[name] |= {f"{target}.{a.name}" for a in node.names}
        for node in tree.body:  # module-level imports only, for circles
            stmts = [node]
            if isinstance(node, ast.If) and _type_checking(node):
                continue
            if isinstance(node, ast.If):
                stmts = node.body + node.orelse
            for st in stmts:
                if isinstance(st, ast.ImportFrom):
                    target = _resolve(name, path.name == "__init__.py", st.level, st.module)
                    if st.module is None:  # from . import x
                        for a in st.names:
                            edges.setdefault(name, set()).add(f"{target}.{a.name}" if target else a.name)
                    else:
                        edges.setdefault(name, set()).add(target)
                elif isinstance(st, ast.Import):
                    for a in st.names:
                        edges.setdefault(name, set()).add(a.name)
    known = {m for _, m in sizes}
    circles = sorted({tuple(sorted((a, b))) for a, bs in edges.items() for b in bs
                      if b in known and a in edges.get(b, set()) and a != b})
    # circles counting imports inside functions too (a rules module and its words that call
    # each other): not an import-time failure, but two modules that cannot be read apart
    # (a package and its own submodule are left out: the package's lazy exports are not a circle)
    mutual = sorted({tuple(sorted((a, b))) for a, bs in lazy.items() for b in bs
                     if b in known and a in lazy.get(b, set()) and a != b
                     and not (a.startswith(b + ".") or b.startswith(a + "."))})
    return {"sizes": sorted(sizes, reverse=True), "long": sorted(longs, reverse=True), "private": private,
            "circles": circles, "mutual": mutual, "limit": limit, "threshold": long}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--long", type=int, default=80, help="a function this many lines or more is listed (80)")
    ap.add_argument("--limit", type=int, default=1500, help="the module size limit in lines (1500)")
    ap.add_argument("--all", action="store_true", help="list every module's size, not only the 15 largest")
    args = ap.parse_args(argv)
    m = measure(args.root, args.long, args.limit)
    sizes = m["sizes"]
    print(f"modules: {len(sizes)}, lines: {sum(n for n, _ in sizes)}")
    for n, name in sizes if args.all else sizes[:15]:
        print(f"  {n:6d}  {name}{'   over the limit' if n > args.limit else ''}")
    over = [name for n, name in sizes if n > args.limit]
    print(f"over {args.limit} lines: {len(over)} {', '.join(over)}")
    print(f"functions of {args.long}+ lines: {len(m['long'])}")
    for n, name in m["long"]:
        print(f"  {n:6d}  {name}")
    names = sum(len(x[2]) for x in m["private"])
    print(f"imports of private names: {len(m['private'])} statements, {names} names")
    for mod, target, ns in m["private"]:
        print(f"  {mod} <- {target}: {', '.join(ns)}")
    print(f"import circles at module level: {len(m['circles'])}")
    for a, b in m["circles"]:
        print(f"  {a} <-> {b}")
    print(f"modules importing each other (imports inside functions included): {len(m['mutual'])}")
    for a, b in m["mutual"]:
        print(f"  {a} <-> {b}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
