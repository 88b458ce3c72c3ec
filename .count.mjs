import { readFileSync } from 'node:fs';
const engine = await import('/work/wt-speed/packages/core/dist/index.js');
const f=process.argv[2]; const text=readFileSync(f,'utf8');
let t=performance.now(); const p = engine.parseSource(text, f);
const s = engine.findRootsSites({ ast: p.ast, text, scopeManager: p.scopeManager, file: f });
const m = engine.findMrtrProblems({ ast: p.ast, text, scopeManager: p.scopeManager });
console.log('ms', (performance.now()-t).toFixed(1), 'probe calls', globalThis.__probe.n, 'distinct', globalThis.__probe.b.size);
console.log([...globalThis.__probe.b].sort((a,b)=>b[1]-a[1]).slice(0,8));
