// 64-bit unsigned arithmetic in two 32-bit halves (x: low, y: high), modulo 2^64.
uvec2 add64(uvec2 a, uvec2 b) {
  uint carry;
  uint lo = uaddCarry(a.x, b.x, carry);
  return uvec2(lo, a.y + b.y + carry);
}
uvec2 mul64(uvec2 a, uvec2 b) {
  uint hi, lo;
  umulExtended(a.x, b.x, hi, lo);
  return uvec2(lo, hi + a.x * b.y + a.y * b.x);
}
uvec2 shr64(uvec2 a, uint s) { return uvec2((a.x >> s) | (a.y << (32u - s)), a.y >> s); }  // 0 < s < 32
