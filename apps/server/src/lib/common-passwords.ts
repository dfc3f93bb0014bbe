/** Passwords of 8+ characters that top the public leaked-password frequency lists; refused as too common. */
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '123123123', '11111111', '00000000', '88888888', '66666666',
  'password', 'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'iloveyou', 'qwertyui',
  'qwerty123', 'qwertyuiop', '1qaz2wsx', '1q2w3e4r', '1q2w3e4r5t', 'zaq12wsx', 'asdfghjkl', 'asdf1234',
  'abc12345', 'abcd1234', 'abc123456', 'a1234567', 'a12345678', 'a123456789', 'aa123456', 'aa12345678',
  'woaini1314', 'woaini520', '5201314520', '52013145', '13145200', 'wang1234', 'zhang123', 'li123456',
  'admin123', 'admin1234', 'administrator', 'welcome1', 'welcome123', 'sunshine', 'princess', 'football',
  'baseball', 'superman', 'trustno1', 'whatever', 'starwars', 'dragon123', 'monkey123', 'letmein1',
  'computer', 'internet', 'michelle', 'jennifer', 'charlie1', 'shadow12', 'master123', 'killer12',
  '147258369', '159357456', '987654321', '7758521a', '31415926', '12341234', '12344321', '11223344',
  '112233445566', '123321123', '123654789', '147852369', '741852963', '789456123', '456789123',
  'qq123456', 'qq12345678', 'woaini123', 'iloveyou1', 'q1w2e3r4', 'q1w2e3r4t5', 'z123456789',
  'mall12345', 'shop1234', 'taobao123', 'buyer123',
]);
