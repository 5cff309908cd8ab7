import { it, expect } from 'vitest';
import { openTestDatabase } from '../../test/db.ts';
import { loadDemoData } from '../demo/demo-data.ts';
it('demo', async () => {
  const d = await openTestDatabase();
  await loadDemoData(d.prisma, new Date());
  const rows = await d.prisma.candidate.findMany();
  expect(rows).toHaveLength(5);
  await d.close();
});
