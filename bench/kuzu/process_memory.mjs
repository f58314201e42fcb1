// Memory of this process as the kernel counts it (Kùzu runs in-process, so
// its buffer pool and query memory are included), and bytes on disk.
import fs from "node:fs";
import path from "node:path";

function statusField(text, field) {
  const match = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  return match ? Number(match[1]) * 1024 : null;
}

// {rss_bytes, peak_rss_bytes} from /proc/self/status (peak: VmHWM).
export function processMemory() {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  return { rss_bytes: statusField(status, "VmRSS"), peak_rss_bytes: statusField(status, "VmHWM") };
}

// Bytes of the files under `dir` whose name passes `keep`.
export function folderBytes(dir, keep) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full, keep);
    else if (keep(entry.name)) total += fs.statSync(full).size;
  }
  return total;
}
