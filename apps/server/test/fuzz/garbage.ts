/** Bodies no route can read: broken JSON, other content types, multipart that ends early or lies. */
export const GARBAGE = [
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  'nul',
  '"\\x41"',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  'null',
  '[]',
  '"text"',
  '0',
  '{"__proto__":{"x":1},"__proto__":{"y":2}}',
  ' ',
];

export const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'Application/JSON',
  'application/vnd.api+json',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/json, text/html',
  '',
];

export const MULTIPART = [
  '--zz\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="../../a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\r\n--zz--\r\n',
  '--zz\r\nContent-Disposition: form-data; name="file"; filename="a\x00.txt"\r\n\r\nhello',
  '--zz\r\n\r\n--zz--',
  '--other\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--other--\r\n',
  'a=1&b[c]=2&__proto__[x]=1',
  '\xff\xfe\xfd',
];
