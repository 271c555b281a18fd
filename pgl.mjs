import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const a = await PGlite.create();
console.log('create', Date.now() - t);
t = Date.now();
await a.exec('create table x(id int)');
const dump = await a.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const b = await PGlite.create({ loadDataDir: dump });
console.log('load', Date.now() - t);
console.log((await b.query('select count(*) from x')).rows);
