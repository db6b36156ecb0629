// No line over 120 characters in the code (the formatter cannot break long strings): reports each one with
// its file and line, and fails. The site's own content (`content/`, prose in Italian) is the writers' domain,
// governed by WRITING.md, not by this rule.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const limit = 120;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|mts|js|css|json|jsonc)$/.test(f))
  .filter((f) => !/^(test\/fixtures|content)\//.test(f) && f !== 'package-lock.json');
const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  text.split('\n').forEach((line, i) => {
    if ([...line].length > limit) long.push(`${file}:${i + 1}: ${[...line].length} characters (limit ${limit})`);
  });
}
if (long.length > 0) {
  console.error(long.join('\n'));
  console.error(
    `\n${long.length} line${long.length === 1 ? '' : 's'} over ${limit} characters: split the string or expression.`,
  );
  process.exit(1);
}
