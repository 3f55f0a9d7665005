// The `?next=` variants of security issue 11, shared by the unit test (account-api.test.ts)
// and the security bench (bench/security.ts), which drives a real browser through them.

/** `?next=` values that must send a browser home: [name, value]. */
export const REFUSED_NEXT: [string, string][] = [
  ["tab inside //", "/\t/evil.example/"],
  ["newline inside //", "/\n/evil.example/"],
  ["carriage return inside //", "/\r/evil.example/"],
  ["CRLF inside //", "/\r\n/evil.example/"],
  ["tab before //", "\t//evil.example/"],
  ["tab then backslash", "/\t\\evil.example/"],
  ["slash backslash", "/\\evil.example/"],
  ["two backslashes", "\\\\evil.example/"],
  ["backslash slash", "\\/evil.example/"],
  ["protocol-relative", "//evil.example/"],
  ["three slashes", "///evil.example/"],
  ["four slashes", "////evil.example/"],
  ["absolute https", "https://evil.example/"],
  ["absolute http", "http://evil.example/"],
  ["scheme without slashes", "http:evil.example"],
  ["special scheme, one slash", "https:/evil.example"],
  ["javascript:", "javascript:alert(document.domain)"],
  ["mixed-case javascript:", "JaVaScRiPt:alert(1)"],
  ["data:", "data:text/html,<script>alert(1)</script>"],
  ["vbscript:", "vbscript:msgbox(1)"],
  ["leading space", " /x"],
  ["leading space before //", " //evil.example/"],
  ["full-width solidus", "／／evil.example/"],
  ["dot segment to //", "/.//evil.example/"],
  ["parent segment to //", "/a/..//evil.example/"],
  ["encoded dot segment to //", "/%2e//evil.example/"],
  ["encoded parent segment to //", "/%2E%2E//evil.example/"],
  ["relative without slash", "evil.example"],
  ["empty", ""],
  ["NUL then //", "/\u0000//evil.example/"],
];

/** Same-site `?next=` values that must be kept: [name, value, the path the browser goes to]. */
export const ACCEPTED_NEXT: [string, string, string][] = [
  ["path, query and fragment", "/bms/article?x=1#y", "/bms/article?x=1#y"],
  ["home", "/", "/"],
  ["home with query", "/?q=1", "/?q=1"],
  ["home with fragment", "/#top", "/#top"],
  ["at sign in the path", "/@evil.example", "/@evil.example"],
  ["encoded slashes stay a path", "/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["encoded backslash stays a path", "/%5Cevil.example", "/%5Cevil.example"],
  ["a // later in the path", "/bms/a//b", "/bms/a//b"],
  ["a URL in the query", "/bms?next=//evil.example", "/bms?next=//evil.example"],
  ["full-width solidus inside a path", "/／evil.example", "/%EF%BC%8Fevil.example"],
  ["Chinese path", "/zh-CN/文章", "/zh-CN/%E6%96%87%E7%AB%A0"],
  ["space inside a path", "/a b", "/a%20b"],
  ["dot segments that stay inside", "/a/../bms/./users", "/bms/users"],
];
