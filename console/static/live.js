// The live view: the console's /api/groups/G/events (the broker's stream, or polling) drawn as a
// list of events, a lane per member, and the group's state machine; members refreshed after events.
// Share groups: the share-partitions' events (share-*) also fill the in-flight table per partition
// and the deliveries per member.
(function () {
  const group = document.currentScript.dataset.group;
  const list = document.getElementById("events");
  const lanes = document.getElementById("lanes");
  const seen = [];
  let lastAssignment = {};
  const members = [];
  const esc = (s) => String(s).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  const short = (m) => (m || "").length > 18 ? m.slice(0, 8) + "…" + m.slice(-6) : (m || "");
  const colors = { "member-joined": "#15803d", rejoin: "#15803d", sync: "#0891b2", heartbeat: "#b45309",
    "member-expired": "#b91c1c", "member-left": "#b91c1c", "member-gone": "#b91c1c", reconcile: "#7c3aed", assign: "#7c3aed", revoke: "#f97316",
    "share-acquired": "#0f766e", "share-redelivered": "#db2777", "ack-ACCEPT": "#15803d", "ack-RELEASE": "#b45309",
    "ack-REJECT": "#b91c1c", "ack-GAP": "#b91c1c", "ack-RENEW": "#0891b2", "share-released": "#b45309", "share-archived": "#b91c1c" };
  const diamonds = new Set(["ack-ACCEPT", "ack-RELEASE", "ack-REJECT", "ack-GAP", "ack-RENEW", "share-released", "share-archived"]);
  const shareParts = {}, shareMembers = {};
  const count = (ranges) => ranges.reduce((n, r) => n + r[1] - r[0] + 1, 0);
  function shareEvent(e) {
    const tp = e.topic + "-" + e.partition;
    shareParts[tp] = { start: e.start_offset, end: e.end_offset, in_flight: e.in_flight, locked: e.locked };
    const m = e.member && (shareMembers[e.member] = shareMembers[e.member] ||
      { acquired: 0, redelivered: 0, ACCEPT: 0, RELEASE: 0, REJECT: 0 });
    if (e.kind === "share-acquired" && m) m.acquired += count(e.records);
    if (e.kind === "share-redelivered" && m) m.redelivered += count(e.records);
    if (e.kind === "share-acknowledged" && m) {
      for (const [first, last, type] of e.acks) {
        if (type in m) m[type] += last - first + 1;
        seen.push({ ts: e.ts, kind: "ack-" + type, member: e.member, lane: true, partitions: [tp + "@" + first + (last > first ? ".." + last : "")] });
      }
    }
    let rows = "<tr><th>Partition</th><th>Start</th><th>End</th><th>In flight</th><th>Locked</th></tr>";
    for (const [p, s] of Object.entries(shareParts).sort())
      rows += `<tr class="share-partition" data-partition="${esc(p)}" data-in-flight="${s.in_flight}" data-locked="${s.locked}">` +
        `<td>${esc(p)}</td><td>${s.start}</td><td>${s.end}</td><td class="in-flight">${s.in_flight}</td><td>${s.locked}</td></tr>`;
    document.getElementById("share-partitions").innerHTML = rows;
    rows = "<tr><th>Member</th><th>Acquired</th><th>Redelivered</th><th>Accepted</th><th>Released</th><th>Rejected</th></tr>";
    for (const [id, s] of Object.entries(shareMembers))
      rows += `<tr class="share-member" data-member="${esc(id)}" data-redelivered="${s.redelivered}"><td title="${esc(id)}">${esc(short(id))}</td>` +
        `<td>${s.acquired}</td><td class="redelivered">${s.redelivered}</td><td>${s.ACCEPT}</td><td>${s.RELEASE}</td><td>${s.REJECT}</td></tr>`;
    document.getElementById("share-members").innerHTML = rows;
  }

  function setState(state) {
    if (!state) return;
    document.querySelectorAll("#machine li").forEach(li =>
      li.classList.toggle("current", li.dataset.state.toLowerCase() === state.toLowerCase()));
  }
  function describe(e) {
    const parts = [];
    for (const [k, v] of Object.entries(e)) {
      if (["ts", "kind", "group", "member", "polled"].includes(k)) continue;
      parts.push(k + "=" + (typeof v === "object" ? JSON.stringify(v) : v));
    }
    return parts.join(" ");
  }
  function drawLanes() {
    const t0 = seen.length ? seen[0].ts : 0, t1 = seen.length ? Math.max(t0 + 1, seen[seen.length - 1].ts) : 1;
    const w = 760, left = 130, row = 18;
    lanes.setAttribute("height", Math.max(60, 20 + row * members.length));
    let out = "";
    members.forEach((m, i) => {
      out += `<text x="2" y="${20 + i * row}" font-size="11">${esc(short(m))}</text>` +
        `<line x1="${left}" x2="${w}" y1="${16 + i * row}" y2="${16 + i * row}" stroke="#d8dde6"/>`;
    });
    for (const e of seen) {
      const x = left + ((e.ts - t0) / (t1 - t0)) * (w - left - 10);
      if (e.member !== undefined && members.includes(e.member)) {
        const y = 16 + members.indexOf(e.member) * row;
        const title = `<title>${esc(e.kind + (e.partitions ? " " + e.partitions.join(",") : "") + (e.records ? " " + JSON.stringify(e.records) : ""))}</title>`;
        out += diamonds.has(e.kind)
          ? `<rect x="${x - 3.5}" y="${y - 3.5}" width="7" height="7" transform="rotate(45 ${x} ${y})" fill="${colors[e.kind]}">${title}</rect>`
          : `<circle cx="${x}" cy="${y}" r="4" fill="${colors[e.kind] || "#555"}">${title}</circle>`;
      } else if (e.kind === "share-lock-expired") {
        out += `<line x1="${x}" x2="${x}" y1="4" y2="${16 + members.length * row}" stroke="#b45309" stroke-dasharray="1,3"><title>lock expired ${esc(JSON.stringify(e.records))}</title></line>`;
      } else if (e.kind === "generation" || e.kind === "epoch" || e.kind === "assignment") {
        out += `<line x1="${x}" x2="${x}" y1="4" y2="${16 + members.length * row}" stroke="${e.kind === "assignment" ? "#7c3aed" : "#1d4ed8"}" stroke-dasharray="3,2"/>`;
      }
    }
    lanes.innerHTML = out;
  }
  let refreshTimer = null;
  function refreshMembers() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(async () => {
      const r = await fetch("/api/groups/" + encodeURIComponent(group));
      if (!r.ok) return;
      const g = await r.json();
      setState(g.state);
      const modern = g.kind === "consumer";
      let html = "<tr><th>Member</th><th>Client</th><th>Assigned</th>" + (modern ? "<th>Target</th><th>Epoch</th>" : "") + "</tr>";
      for (const m of g.members) {
        if (!members.includes(m.member_id)) members.push(m.member_id);
        html += `<tr class="live-member" data-member="${esc(m.member_id)}"><td title="${esc(m.member_id)}">${esc(short(m.member_id))}</td><td>${esc(m.client_id)}</td>` +
          `<td class="assigned">${esc(m.assignment.join(", ") || "-")}</td>` +
          (modern ? `<td>${esc((m.target || []).join(", ") || "-")}</td><td>${esc(m.epoch)}</td>` : "") + "</tr>";
      }
      document.getElementById("live-members").innerHTML = html;
      drawLanes();
    }, 250);
  }
  refreshMembers();
  const source = new EventSource("/api/groups/" + encodeURIComponent(group) + "/events");
  source.onmessage = (msg) => {
    const e = JSON.parse(msg.data);
    if (e.kind === "mode") {
      const mode = document.getElementById("mode");
      mode.textContent = (e.mode === "stream" ? "Live: " : "Polling: ") + e.note;
      mode.className = "note " + e.mode;
      mode.dataset.mode = e.mode;
      return;
    }
    seen.push(e);
    if (e.kind === "assignment" && e.assignment) {
      // Per member: what this generation gave (assign) and took away (revoke), on its lane.
      for (const [m, parts] of Object.entries(e.assignment)) {
        const before = lastAssignment[m] || [];
        const gained = parts.filter(p => !before.includes(p)), lost = before.filter(p => !parts.includes(p));
        if (gained.length) seen.push({ ts: e.ts, kind: "assign", member: m, lane: true, partitions: gained });
        if (lost.length) seen.push({ ts: e.ts, kind: "revoke", member: m, lane: true, partitions: lost });
      }
      for (const m of Object.keys(lastAssignment)) {
        if (!(m in e.assignment) && lastAssignment[m].length)
          seen.push({ ts: e.ts, kind: "revoke", member: m, lane: true, partitions: lastAssignment[m] });
      }
      lastAssignment = e.assignment;
    }
    if (e.kind.startsWith("share-")) shareEvent(e);
    if (e.member && !members.includes(e.member)) members.push(e.member);
    if (e.state && (e.kind === "transition" || e.kind === "generation")) setState(e.state);
    if (e.generation !== undefined && e.kind === "generation") document.getElementById("generation").textContent = e.generation;
    if (e.epoch !== undefined && e.kind === "epoch") document.getElementById("generation").textContent = e.epoch;
    if (e.kind === "generation") document.getElementById("leader").textContent = e.leader ? short(e.leader) : "-";
    const li = document.createElement("li");
    li.className = "ev ev-" + e.kind;
    li.dataset.kind = e.kind;
    if (e.member) li.dataset.member = e.member;
    if (e.generation !== undefined) li.dataset.generation = e.generation;
    if (e.assignment !== undefined) li.dataset.assignment = JSON.stringify(e.assignment);
    if (e.delivery_count !== undefined) li.dataset.deliveryCount = e.delivery_count;
    if (e.records !== undefined) li.dataset.records = JSON.stringify(e.records);
    if (e.acks !== undefined) li.dataset.acks = JSON.stringify(e.acks);
    const t = new Date(e.ts).toISOString().slice(11, 23);
    li.textContent = `${t} ${e.kind}${e.member ? " " + short(e.member) : ""} ${describe(e)}`;
    list.appendChild(li);
    drawLanes();
    refreshMembers();
  };
})();
