"""`munchkin export png` stays within its memory bound (issue 20): a card image is capped
at ``card_image_px`` pixels (data/print_limits.toml); bigger option sets are a usage error
naming the largest dpi that fits, and the largest accepted image rasterises in bounded
memory.  Before the cap, 500×500 mm with 20 mm bleed at 1200 dpi was accepted and took
about 5 GB."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from conftest import SAMPLE

from munchkin_dsl.render.export import ImageSize, max_card_pixels, preset_size

#: What the largest accepted card image may cost the whole process (measured ~180 MB;
#: a 25-million-pixel cap measured ~245 MB).
MEMORY_BOUND_MB = 250
#: The largest card and bleed `print_limits.toml` accepts.
HUGE = ((500.0, 500.0), 20.0)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", *args], capture_output=True,
                          text=True, timeout=120)


def test_the_largest_card_at_1200_dpi_is_a_usage_error_naming_the_dpi_that_fits(
        tmp_path) -> None:
    out = tmp_path / "out"
    ran = run("export", "png", str(SAMPLE), "-o", str(out), "--card-size", "500x500",
              "--bleed", "20", "--dpi", "1200")
    largest = ImageSize(*HUGE, 1200.0).largest_dpi()
    assert ran.returncode == 2, ran.stderr
    assert "Traceback" not in ran.stderr
    for part in ("--card-size 500x500", "--bleed 20", "--dpi 1200", "25512×25512 px",
                 f"the largest --dpi for this size and bleed is {largest}"):
        assert part in ran.stderr
    assert not out.exists()


@pytest.mark.parametrize(("card_mm", "bleed"), [HUGE, ((56.0, 87.0), 3.0),
                                                ((70.0, 120.0), 3.0), ((20.0, 500.0), 0.0)])
def test_largest_dpi_is_the_last_whole_dpi_within_the_cap(card_mm, bleed) -> None:
    size = ImageSize(card_mm, bleed, 1200.0)
    dpi = min(size.largest_dpi(), 1200)
    w, h = ImageSize(card_mm, bleed, dpi).pixels
    assert w * h <= max_card_pixels()
    if dpi < 1200:
        w, h = ImageSize(card_mm, bleed, dpi + 1).pixels
        assert w * h > max_card_pixels()


def test_poker_cards_with_bleed_still_export_at_1200_dpi() -> None:
    tgc = preset_size("tgc")
    ImageSize(tgc.card_mm, tgc.bleed_mm, 1200.0).check_pixels()
    with pytest.raises(ValueError, match="largest --dpi"):
        ImageSize((500.0, 500.0), 20.0, 300.0).check_pixels()


def test_the_largest_accepted_card_image_exports_in_bounded_memory(tmp_path) -> None:
    """One card (face and back) at the largest accepted pixel count, in a fresh process
    that reports its own peak resident memory: VmHWM, not ru_maxrss, which Linux keeps
    across execve, so a child of a large pytest process reported the parent's peak."""
    dpi = ImageSize(*HUGE, 1200.0).largest_dpi()
    script = textwrap.dedent(f"""
        import sys
        PEAK = lambda: int(next(l for l in open("/proc/self/status")
                                if l.startswith("VmHWM:")).split()[1]) // 1024
        sys.path.insert(0, "tests")
        from test_export import face
        from munchkin_dsl.base.diagnostics import DiagnosticSink
        from munchkin_dsl.render.export import ImageSize, export_png
        size = ImageSize({HUGE[0]!r}, {HUGE[1]!r}, {dpi})
        report = export_png([face(1)], {str(tmp_path / "out")!r}, size, DiagnosticSink())
        assert report.written, report.problems
        print(report.size_px[0] * report.size_px[1],
              PEAK())
    """)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    assert ran.returncode == 0, ran.stderr
    pixels, peak_mb = map(int, ran.stdout.split())
    assert pixels > 0.99 * max_card_pixels()
    assert peak_mb < MEMORY_BOUND_MB, f"{peak_mb} MB for one {pixels}-pixel card"


@pytest.mark.parametrize("card_size", ["500x20", "20x500"])
def test_a_long_thin_card_draws_a_bounded_pattern(tmp_path, card_size) -> None:
    """The placeholder pattern's step scales with the card's short side and its reach with
    the diagonal: a 500×20 mm card drew 2 million circles, 943 MB at 30 dpi (the same in
    `munchkin print`).  MAX_PATTERN_STEPS bounds it."""
    script = textwrap.dedent(f"""
        import sys
        PEAK = lambda: int(next(l for l in open("/proc/self/status")
                                if l.startswith("VmHWM:")).split()[1]) // 1024
        from munchkin_dsl.cli import main
        sys.argv = ["munchkin", "export", "png", {str(SAMPLE)!r}, "-o",
                    {str(tmp_path / "out")!r}, "--dpi", "30", "--card-size", {card_size!r}]
        try:
            main()
        except SystemExit as exit:
            code = exit.code
        print(code, PEAK())
    """)
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    code, peak_mb = ran.stdout.split()[-2:]
    assert code in ("0", "None"), ran.stderr
    assert int(peak_mb) < 200, f"{peak_mb} MB for a {card_size} mm card at 30 dpi"
