// How far p lies inside the world [x0, x1] × [y0, y1] from its nearest edge (negative outside):
// the nearest of the four distances, in one precise expression, so that a world's CPU code that
// takes the same min() in the same order gets the same float.
float distance_to_edge(vec2 p, float x0, float y0, float x1, float y1) {
  precise float d = min(min(p.x - x0, x1 - p.x), min(p.y - y0, y1 - p.y));
  return d;
}
