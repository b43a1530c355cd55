// The index's filters and search.  Without scripts every card is listed; with them the
// form narrows the list.  No network, no storage, no globals beyond this one function.
(function () {
  "use strict";
  var form = document.querySelector(".filters");
  if (!form) { return; }
  var tiles = Array.prototype.slice.call(document.querySelectorAll(".tile"));
  var count = document.getElementById("count");
  var none = document.getElementById("none");
  var controls = ["q", "kind", "tag", "level", "lang"].map(function (id) {
    return document.getElementById(id);
  });

  function showLanguage(tile, lang) {
    var langs = JSON.parse(tile.dataset.langs);
    var shown = lang && langs.indexOf(lang) >= 0 ? lang : langs[0];
    tile.querySelectorAll("[data-lang]").forEach(function (el) {
      el.hidden = el.dataset.lang !== shown;
    });
  }

  function apply() {
    var terms = controls[0].value.toLowerCase().split(/\s+/).filter(Boolean);
    var kind = controls[1].value, tag = controls[2].value;
    var level = controls[3].value, lang = controls[4].value;
    var visible = 0;
    tiles.forEach(function (tile) {
      var ok = (!kind || tile.dataset.kind === kind) &&
        (!tag || JSON.parse(tile.dataset.tags).indexOf(tag) >= 0) &&
        (!level || tile.dataset.level === level) &&
        (!lang || JSON.parse(tile.dataset.langs).indexOf(lang) >= 0) &&
        terms.every(function (t) { return tile.dataset.search.indexOf(t) >= 0; });
      tile.hidden = !ok;
      showLanguage(tile, lang);
      if (ok) { visible += 1; }
    });
    count.textContent = visible + (visible === 1 ? " card" : " cards");
    none.hidden = visible !== 0;
  }

  controls.forEach(function (control) {
    control.addEventListener("input", apply);
    control.addEventListener("change", apply);
  });
  apply();
}());
