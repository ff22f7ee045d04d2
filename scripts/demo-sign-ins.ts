// Prints the seeded demo sign-ins for the start command's banner, from the api's own seed list.
import { DEMO_SIGN_INS } from '../apps/api/src/index';

console.log('\n\x1b[1mDemo sign-ins\x1b[0m (dashboard at http://localhost:5173)');
for (const { role, email, password, name } of DEMO_SIGN_INS) {
  console.log(`  ${role.padEnd(16)} ${email.padEnd(30)} ${password.padEnd(20)} ${name}`);
}
