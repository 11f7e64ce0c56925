"""Build the game as one program to hand to a friend: dist/mastermind-arcade/, made by PyInstaller.

    pip install -e '.[build]'                       # PyInstaller, beside the game
    python tools/build_app.py                       # -> dist/mastermind-arcade/mastermind-arcade
    python tools/build_app.py --dist /tmp/out --work /tmp/pyi

The folder holds the executable `mastermind-arcade` and `_internal/` (Python, pygame-ce, numpy, the
game, and assets/ as game/data: sounds, strategy tables, icons, the typeface and its licence, the
desktop entry), plus, beside the executable, the desktop entry and the 256 px icon to add it to a
desktop's menu. The project's metadata goes in too, so `--version` answers as an installed game
does. Nothing else is needed on the friend's machine: no Python, no virtual environment (the same
kind of OS and processor, and a C library no older than the build machine's).

One folder, not one file (PyInstaller --onefile): a one-file program unpacks its whole payload into a
fresh temporary folder at every start, so it starts slower. Measured on the shared 2-core
development machine with `hyperfine -N --warmup 3 --runs 30 '<program> --frames 1'` (SDL dummy
drivers, an empty HOME): one folder 0.32 s +- 0.02, one file 1.85 s +- 0.67 (0.96 s at best),
`python -m game` 0.30 s +- 0.02.

Shared libraries are copied as they are, except that libpython's debug symbols are dropped when
`strip` is on the PATH (about 18 MB of the 23 MB file): PyInstaller's own --strip also strips the
wheels' bundled libraries, and the OpenBLAS inside numpy's wheel then fails to load.

After building it runs the program's --version and --check-assets from an empty folder with an empty
HOME (exit 1 if either fails). Prints one JSON object (program, bytes, files, build seconds, version,
assets found) and a human line on stderr. Bad arguments exit 2 with one line, before any work.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.assets import APP_ID, DESKTOP_FILE, ICONS  # noqa: E402
from game.cli import OneLineParser, path_arg  # noqa: E402

DISTRIBUTION = "mastermind-arcade"  # whose metadata goes in (for --version)
LAUNCHER = "import sys\n\nfrom game.__main__ import main\n\nsys.exit(main())\n"
MENU_ICON_PX = 256  # the icon put beside the executable for a desktop entry
SMOKE_TIMEOUT_S = 120
PYINSTALLER_TIMEOUT_S = 900


def _folder(parser: OneLineParser, flag: str, path: Path) -> Path:
    """`path` as a folder to build in: refused (exit 2) when it is a file or cannot be made."""
    if path.exists() and not path.is_dir():
        parser.error(f"{flag} must be a directory, not the file {path}")
    parent = next((p for p in (path, *path.parents) if p.exists()), None)
    if parent is None or not parent.is_dir() or not os.access(parent, os.W_OK):
        parser.error(f"cannot write {flag} {path}: {parent} is not a writable folder")
    return path


def build_parser() -> OneLineParser:
    """The command line, every option and its type (tests walk it)."""
    parser = OneLineParser(prog="build_app.py", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--dist", type=path_arg, default=REPO / "dist", help="where the program's folder goes"
    )
    parser.add_argument(
        "--work", type=path_arg, default=REPO / "build" / "pyinstaller", help="PyInstaller's work folder"
    )
    return parser


def pyinstaller_command(dist: Path, work: Path, launcher: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--onedir",
        "--name",
        APP_ID,
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        "--specpath",
        str(work),
        "--paths",
        str(REPO),  # this checkout's game, whatever else the environment has installed
        "--add-data",
        f"{REPO / 'assets'}{os.pathsep}game/data",  # where game/assets.py looks in an installed game
        "--copy-metadata",
        DISTRIBUTION,
        # The registries import variants and modes by module name (importlib), which PyInstaller's
        # import scan cannot follow: every module of both packages goes in.
        "--collect-submodules",
        "game.core.variants",
        "--collect-submodules",
        "game.modes",
        str(launcher),
    ]


def strip_libpython(folder: Path) -> int:
    """Drop libpython's debug symbols (if `strip` is there); returns the bytes saved."""
    strip = shutil.which("strip")
    if strip is None or sys.platform != "linux":
        return 0
    saved = 0
    for lib in folder.rglob("libpython*.so*"):
        if lib.is_symlink() or not lib.is_file():
            continue
        before = lib.stat().st_size
        if subprocess.run([strip, "--strip-debug", str(lib)], capture_output=True).returncode == 0:
            saved += before - lib.stat().st_size
    return saved


def smoke(program: Path) -> tuple[str, dict]:
    """The program's --version line and --check-assets report, run from an empty folder and HOME."""
    with tempfile.TemporaryDirectory(prefix="mastermind-smoke-") as empty:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": empty,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        }

        def run(*args: str) -> subprocess.CompletedProcess:
            return subprocess.run(
                [str(program), *args],
                cwd=empty,
                env=env,
                capture_output=True,
                text=True,
                timeout=SMOKE_TIMEOUT_S,
            )

        version = run("--version")
        if version.returncode != 0:
            raise RuntimeError(f"--version failed ({version.returncode}): {version.stderr.strip()}")
        check = run("--check-assets")
        try:
            report = json.loads(check.stdout)
        except json.JSONDecodeError:
            raise RuntimeError(f"--check-assets printed no report: {check.stderr.strip()}") from None
        if check.returncode != 0:
            raise RuntimeError(f"--check-assets found assets missing: {report.get('missing')}")
        return version.stdout.strip(), report


def folder_size(folder: Path) -> tuple[int, int]:
    """(bytes, files) under `folder`, links not followed."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    dist = _folder(parser, "--dist", args.dist.resolve())
    work = _folder(parser, "--work", args.work.resolve())
    try:
        import PyInstaller  # noqa: F401  (only asked whether it is there)
    except ImportError:
        print("build_app.py: PyInstaller is not installed: pip install -e '.[build]'", file=sys.stderr)
        return 1
    try:
        metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        print(
            f"build_app.py: {DISTRIBUTION} is not installed (its metadata goes into the program): "
            "pip install -e '.[build]'",
            file=sys.stderr,
        )
        return 1

    started = time.perf_counter()
    work.mkdir(parents=True, exist_ok=True)
    launcher = work / "launch.py"
    launcher.write_text(LAUNCHER, encoding="utf-8")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")  # PyInstaller's hooks import pygame
    log = work / "pyinstaller.log"
    with log.open("w", encoding="utf-8") as out:
        result = subprocess.run(
            pyinstaller_command(dist, work, launcher),
            cwd=work,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            timeout=PYINSTALLER_TIMEOUT_S,
        )
    if result.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        print("\n".join(tail), file=sys.stderr)
        print(f"build_app.py: PyInstaller failed ({result.returncode}); its log: {log}", file=sys.stderr)
        return 1
    folder = dist / APP_ID
    program = folder / (APP_ID + (".exe" if os.name == "nt" else ""))
    saved = strip_libpython(folder)
    shutil.copy2(REPO / "assets" / DESKTOP_FILE, folder / DESKTOP_FILE)
    shutil.copy2(REPO / "assets" / ICONS / f"{APP_ID}-{MENU_ICON_PX}.png", folder / f"{APP_ID}.png")
    build_s = time.perf_counter() - started
    try:
        version, report = smoke(program)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        print(f"build_app.py: the built program does not run: {exc}", file=sys.stderr)
        return 1
    size, files = folder_size(folder)
    summary = {
        "program": str(program),
        "bytes": size,
        "files": files,
        "stripped_bytes": saved,
        "build_s": round(build_s, 1),
        "version": version,
        "assets_found": report["found"],
    }
    print(json.dumps(summary))
    print(
        f"built {program} ({size / 1e6:.0f} MB in {files} files) in {build_s:.0f} s; {version}; "
        "--check-assets found everything",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
