/**
 * Passwords of 8 or more characters that head the published lists of most-used and most-leaked
 * passwords (NCSC "100k most used", SplashData and NordPass yearly lists, the RockYou top ranks),
 * written down here so the server can refuse them. Compared lower-case; shorter passwords are
 * already refused by the length rule. Also refused: one character repeated, and a run of
 * consecutive digits or letters (12345678…, abcdefgh…).
 */
const LIST = `
12345678 123456789 1234567890 12345678910 123123123 123456123 1234512345 11111111 111111111
1111111111 00000000 000000000 0000000000 88888888 87654321 987654321 9876543210 99999999 55555555
66666666 77777777 22222222 12341234 11223344 112233445566 123321123 123454321 147258369 741852963
159753456 159357852 123qwe123 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qaz2wsx3edc zaq12wsx
zaq1zaq1 zaq1xsw2 qazwsxedc qazwsx123 qweasdzxc qwertyuiop qwerty123 qwerty1234 qwerty12345
qwertyui qwerasdf asdfghjkl asdfasdf asdf1234 zxcvbnm1 zxcvbnm123 password password1 password12
password123 password1234 password! password01 passw0rd p@ssw0rd p@ssword pa55word pa55w0rd
passwort motdepasse contraseña senha123 parola123 iloveyou iloveyou1 iloveyou2 iloveu123
sunshine sunshine1 princess princess1 football football1 baseball baseball1 basketball
superman superman1 batman123 starwars starwars1 trustno1 welcome1 welcome123 welcome12 letmein1
letmein123 whatever whatever1 computer computer1 internet michael1 jennifer jordan23 charlie1
shadow123 master123 dragon123 monkey123 freedom1 liverpool chelsea1 arsenal1 manchester
butterfly chocolate cookie123 pokemon1 naruto123 blink182 metallica nirvana1 rockyou1 lovely123
babygirl babygirl1 daniel123 jessica1 ashley123 samantha michelle nicole123 anthony1 matthew1
qwertyuiop123 abcd1234 abcdefg1 abc12345 abc123456 aa123456 a1234567 a12345678 a123456789
q1w2e3r4 q1w2e3r4t5 1a2b3c4d a1b2c3d4 a1s2d3f4 changeme changeme1 default1 administrator
admin123 admin1234 admin12345 adminadmin root1234 toor1234 secret123 test1234 test12345 testtest
guest123 user1234 login123 access14 mustang1 harley12 ranger12 hunter12 killer12 tigger12 soccer12
hockey12 george12 summer12 summer2024 summer2025 summer2026 winter2024 winter2025 winter2026
spring2025 autumn2025 january1 december1 september 1234abcd 12345abc 123456abc 123456a 1234567a
12345qwert 123456qwerty qwerty123456 aaaaaaaa asdasdasd zxczxczxc qweqweqwe azerty123 azertyuiop
bitcoin1 bitcoin123 ethereum crypto123 blockchain satoshi1 walletscreen
`;

const COMMON = new Set(LIST.split(/\s+/).filter((p) => p.length >= 8));

function isSequence(p: string): boolean {
  if (p.length < 8) return false;
  const codes = [...p].map((c) => c.charCodeAt(0));
  const up = codes.every((c, i) => i === 0 || c === codes[i - 1]! + 1);
  const down = codes.every((c, i) => i === 0 || c === codes[i - 1]! - 1);
  return up || down;
}

export function isCommonPassword(lowerCased: string): boolean {
  if (COMMON.has(lowerCased)) return true;
  if (/^(.)\1+$/.test(lowerCased)) return true;
  return isSequence(lowerCased);
}
