// The group page's lag chart: total lag sampled every 2 s while the page is open.
(function () {
  const group = document.currentScript.dataset.group;
  const svg = document.getElementById("lag-chart");
  async function sample() {
    try {
      const r = await fetch("/api/groups/" + encodeURIComponent(group) + "/lag");
      if (!r.ok) return;
      const data = await r.json();
      const h = data.history;
      const w = svg.width.baseVal.value, ht = svg.height.baseVal.value;
      const max = Math.max(1, ...h.map(p => p[1]));
      const t0 = h[0][0], t1 = Math.max(t0 + 1, h[h.length - 1][0]);
      const pts = h.map(p => `${((p[0] - t0) / (t1 - t0)) * (w - 10) + 5},${ht - 5 - (p[1] / max) * (ht - 20)}`);
      svg.innerHTML = `<polyline fill="none" stroke="#1d4ed8" stroke-width="2" points="${pts.join(" ")}"/>` +
        `<text x="5" y="12" font-size="11">max ${max}, now ${data.total}</text>`;
    } catch (e) { /* the next sample tries again */ }
  }
  sample();
  setInterval(sample, 2000);
})();
