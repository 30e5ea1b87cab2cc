// Preloaded into a benchmarked server (NODE_OPTIONS="--import <this file>", since --cpu-prof is not
// allowed in NODE_OPTIONS): profiles the whole process and writes a .cpuprofile (open it in Chrome's
// DevTools or speedscope) into CPU_PROFILE_DIR when the process exits.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR ?? '/tmp';
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
session.post('Profiler.start');
process.on('exit', () => {
  // The in-thread session answers synchronously, so this completes inside the exit handler.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
