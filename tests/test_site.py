"""`munchkin site`: what the pack book holds, without a browser (test_site_browser.py has one).

Byte-identical output, relative links only, a page per card and per pack, scenario
results and balance figures on the card pages, mix conflicts on the pack pages of a
site of several packs, and nothing written when a pack has errors.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs


def run(*args: str):  # noqa: ANN201 - click's Result
    return CliRunner().invoke(main, list(args))


def build(tmp_path: Path, *args: str, name: str = "site") -> Path:
    out = tmp_path / name
    result = run("site", *args, "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A `simulate --report` folder as documented in munchkin_dsl/site/balance.py."""
    folder = tmp_path_factory.mktemp("report")
    (folder / "report.json").write_text(json.dumps({
        "games": 40, "players": 4, "seed": 1,
        "monsters": {"star-fish": {"fights": 12, "player_win_rate": 0.25,
                                   "bad_stuff_rate": 0.5}},
    }), encoding="utf-8")
    (folder / "charts").mkdir()
    (folder / "charts" / "star-fish.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', encoding="utf-8")
    (folder / "turns.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def star_site(tmp_path_factory: pytest.TempPathFactory, report_dir: Path) -> Path:
    out = tmp_path_factory.mktemp("star") / "site"
    result = run("site", "packs/star-munchkin", "--report", str(report_dir), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_same_packs_give_byte_identical_sites(tmp_path: Path, star_site: Path,
                                              report_dir: Path) -> None:
    again = build(tmp_path, "packs/star-munchkin", "--report", str(report_dir))
    first = {p.relative_to(star_site): p.read_bytes() for p in star_site.rglob("*")
             if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second


def test_every_link_is_relative_and_resolves(star_site: Path) -> None:
    pages = sorted(star_site.rglob("*.html"))
    cards = compile_packs(["packs/star-munchkin"]).data.cards  # type: ignore[union-attr]
    assert len(pages) == len(cards) + 1 + 1  # cards, the pack page, the index
    for page in pages:
        html = page.read_text(encoding="utf-8")
        for link in re.findall(r'(?:href|src)="([^"]+)"', html):
            if link.startswith(("#", "data:")):
                continue
            assert "://" not in link and not link.startswith("/"), (page, link)
            assert (page.parent / link.split("#")[0]).resolve().is_file(), (page, link)


def test_every_image_has_alt_text(star_site: Path) -> None:
    for page in star_site.rglob("*.html"):
        for tag in re.findall(r"<img [^>]*>", page.read_text(encoding="utf-8")):
            assert re.search(r'alt="[^"]{3,}"', tag), (page, tag)


def test_card_page_shows_languages_rules_scenarios_and_balance(star_site: Path) -> None:
    html = (star_site / "cards" / "star-fish.html").read_text(encoding="utf-8")
    assert "Star Fish" in html and "Звездная Рыба" in html
    assert "Rules as the engine reads them" in html
    assert re.search(r'<li class="status-passed"><strong>passed</strong>', html)
    assert "player win rate" in html and "25%" in html
    assert 'src="../balance/charts-star-fish.svg"' in html
    pack = (star_site / "packs" / "star-munchkin-sample.html").read_text(encoding="utf-8")
    assert 'src="../balance/turns.svg"' in pack and "<dt>games</dt><dd>40</dd>" in pack


def test_pack_page_counts_kinds_and_lists_mix_conflicts(tmp_path: Path) -> None:
    out = build(tmp_path, "packs/star-munchkin", "packs/munchkin-1.6")
    pack = (out / "packs" / "star-munchkin-sample.html").read_text(encoding="utf-8")
    assert "<th scope=\"row\">monster</th>" in pack
    assert "Mix conflicts" in pack and "<code>deal</code>" in pack
    alone = build(tmp_path, "packs/star-munchkin", name="alone")
    assert "Mix conflicts" not in (alone / "packs" / "star-munchkin-sample.html").read_text(
        encoding="utf-8")


def test_a_pack_with_errors_writes_nothing(tmp_path: Path) -> None:
    pack = tmp_path / "bad"
    pack.mkdir()
    (pack / "pack.munch").write_text(
        'pack bad { title "B"; version "1"; ruleset munchkin-1.6 }\n'
        'monster troll "Troll" { levle 3 }\n', encoding="utf-8")
    result = run("site", str(pack), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and "E002" in result.output
    assert not (tmp_path / "out").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["bad"]


def test_a_non_empty_folder_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("x", encoding="utf-8")
    result = run("site", "packs/star-munchkin", "-o", str(out))
    assert result.exit_code == 2 and "--force" in result.output
    assert (out / "keep.txt").exists()


def test_balance_folder_figures_and_charts_go_to_their_cards(tmp_path: Path) -> None:
    from munchkin_dsl.site.balance import bars, read_balance

    (tmp_path / "sim.json").write_text(json.dumps({
        "games": 5, "monsters": {"net-troll": {"fights": 3, "player_win_rate": 0.5}},
        "items": {"chainsaw": 4}}), encoding="utf-8")
    (tmp_path / "charts").mkdir()
    (tmp_path / "charts" / "win-rate-net-troll.png").write_bytes(b"png")
    (tmp_path / "big-net-troll.svg").write_bytes(b"svg")
    (tmp_path / "turns.svg").write_bytes(b"svg")
    (tmp_path / "notes.txt").write_bytes(b"ignored")
    found = read_balance(tmp_path, ["net-troll", "big-net-troll", "chainsaw"])
    assert found.cards == {"net-troll": {"monsters": {"fights": 3, "player_win_rate": 0.5}},
                           "chainsaw": {"items": 4}}
    assert found.summary == {"games": 5}
    assert found.charts == {"net-troll": ["balance/charts-win-rate-net-troll.png"],
                            "big-net-troll": ["balance/big-net-troll.svg"],
                            "": ["balance/turns.svg"]}
    assert bars(found.cards["net-troll"]) == [("monsters fights", "3", None),
                                              ("monsters player win rate", "50%", 0.5)]
    broken = tmp_path / "report.json"
    broken.write_text("{not json", encoding="utf-8")
    assert read_balance(tmp_path, ["net-troll"]).problems[0].endswith(
        "is not JSON (Expecting property name enclosed in double quotes: line 1 column 2 "
        "(char 1)); its balance figures were left out")
    assert read_balance(tmp_path / "missing", ["net-troll"]).cards == {}
