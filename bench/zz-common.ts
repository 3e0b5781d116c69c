import Database from 'better-sqlite3';
const db = new Database(process.argv[2]!, { readonly: true });
const all = db.prepare('SELECT id, piece FROM exchange_search_common ORDER BY id').all() as { id: number; piece: string }[];
const shapes = all.filter((r) => r.piece.startsWith('"S'));
console.log('common', all.length, 'shapes', shapes.length);
const recent = all.filter((r) => !r.piece.startsWith('"S')).slice(-25);
for (const r of recent) console.log(r.id, JSON.stringify(r.piece.slice(0, 100)));
