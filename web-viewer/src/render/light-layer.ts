// A world's light on the GPU (WebGL2; a glow, a trail): the two latest
// rasters as R8 textures, blended by the cross-fade, mapped through the world's ramp and written
// premultiplied into a canvas that CSS adds onto the meadow (mix-blend-mode: plus-lighter). A
// raster's channels are planes stacked one under the other (intensity, then heat), uploaded as
// one R8 texture `channels` times as tall; the heat turns the light towards white (the fastest
// fireflies burn whiter). The canvas is the page's own or, in the light worker, the
// OffscreenCanvas the page's canvas handed its control to: the same shaders and drawing either way.
import type { LightRaster } from "../net/frame-decoder";
import { paletteTexels, type LightRamp } from "./palette";
import { DEFAULT_PALETTE } from "./palettes";
import { fitCanvas, type Viewport, type WorldRect } from "./viewport";

const VERTEX = `#version 300 es
in vec2 a_unit;            // 0..1 over the raster; (0,0) = its top-left = row 0
uniform vec4 u_clip;       // clip-space left, top, right, bottom of the raster's bounds
out vec2 v_uv;
void main() {
  v_uv = a_unit;
  gl_Position = vec4(mix(u_clip.xy, u_clip.zw, a_unit), 0.0, 1.0);
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
in vec2 v_uv;
uniform sampler2D u_prev;
uniform sampler2D u_next;
uniform sampler2D u_palette;
uniform float u_mix;
uniform float u_planes;   // planes stacked in the texture: 1 (intensity) or 2 (and heat)
uniform float u_rows;     // rows of one plane
out vec4 o_color;
// Pale yellow-white, and how far the hottest light turns towards it.
const vec3 HOT = vec3(1.0, 0.97, 0.86);
const float HOT_SHARE = 0.75;
float plane(sampler2D t, float index) {
  // Stay within the plane's own rows, so the filter never blends in the next plane's first row.
  float y = clamp(v_uv.y, 0.5 / u_rows, 1.0 - 0.5 / u_rows);
  return texture(t, vec2(v_uv.x, (index + y) / u_planes)).r;
}
void main() {
  float v = mix(plane(u_prev, 0.0), plane(u_next, 0.0), u_mix);
  // Sample texel centres so 0 maps to the palette's first entry (nothing) exactly.
  vec4 light = texture(u_palette, vec2((v * 255.0 + 0.5) / 256.0, 0.5));
  float heat = u_planes > 1.5 ? mix(plane(u_prev, 1.0), plane(u_next, 1.0), u_mix) : 0.0;
  // Premultiplied: alpha is the light's strongest channel, so white at that strength is HOT × alpha.
  o_color = vec4(mix(light.rgb, HOT * light.a, heat * HOT_SHARE), light.a);
}`;

/** The page's canvas, or the OffscreenCanvas a worker draws it through. */
export type LightCanvas = HTMLCanvasElement | OffscreenCanvas;

interface Slot {
  texture: WebGLTexture;
  raster: LightRaster | undefined;
}

/** Planes of a raster the shader reads: the intensity, and the heat when there is one. */
const MAX_PLANES = 2;

export class LightLayer {
  private readonly program: WebGLProgram;
  private readonly vao: WebGLVertexArrayObject;
  private readonly palette: WebGLTexture;
  private readonly uClip: WebGLUniformLocation | null;
  private readonly uMix: WebGLUniformLocation | null;
  private readonly uPlanes: WebGLUniformLocation | null;
  private readonly uRows: WebGLUniformLocation | null;
  private prev: Slot;
  private next: Slot;

  /** Returns an error text instead of throwing when WebGL2 is missing or a shader fails. */
  static create(canvas: LightCanvas, ramp?: LightRamp): LightLayer | string {
    const options: WebGLContextAttributes = { alpha: true, premultipliedAlpha: true, antialias: false, depth: false, stencil: false };
    const gl = canvas.getContext("webgl2", options);
    if (!gl) return "WebGL2 is not available: the light cannot be shown";
    try {
      return new LightLayer(canvas, gl, ramp);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  private constructor(
    private readonly canvas: LightCanvas,
    private readonly gl: WebGL2RenderingContext,
    ramp: LightRamp | undefined,
  ) {
    this.program = link(gl, VERTEX, FRAGMENT);
    this.vao = must(gl.createVertexArray(), "vertex array");
    gl.bindVertexArray(this.vao);
    const buffer = must(gl.createBuffer(), "buffer");
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
    const aUnit = gl.getAttribLocation(this.program, "a_unit");
    gl.enableVertexAttribArray(aUnit);
    gl.vertexAttribPointer(aUnit, 2, gl.FLOAT, false, 0, 0);
    gl.bindVertexArray(null);

    this.uClip = gl.getUniformLocation(this.program, "u_clip");
    this.uMix = gl.getUniformLocation(this.program, "u_mix");
    this.uPlanes = gl.getUniformLocation(this.program, "u_planes");
    this.uRows = gl.getUniformLocation(this.program, "u_rows");
    gl.useProgram(this.program);
    gl.uniform1i(gl.getUniformLocation(this.program, "u_prev"), 0);
    gl.uniform1i(gl.getUniformLocation(this.program, "u_next"), 1);
    gl.uniform1i(gl.getUniformLocation(this.program, "u_palette"), 2);

    this.prev = { texture: makeTexture(gl), raster: undefined };
    this.next = { texture: makeTexture(gl), raster: undefined };
    this.palette = makeTexture(gl);
    this.setRamp(ramp ?? DEFAULT_PALETTE.light);
    gl.disable(gl.BLEND);
  }

  /** The light's colours: a palette's ramp (palettes.ts), uploaded as 256 texels. */
  setRamp(ramp: LightRamp): void {
    const gl = this.gl;
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D, this.palette);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, 256, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, paletteTexels(ramp));
  }

  get hasLight(): boolean {
    return this.next.raster !== undefined;
  }

  resize(viewport: Viewport): void {
    fitCanvas(this.canvas, viewport);
  }

  /** The newest raster becomes `next`; the one it replaces becomes `prev`. */
  push(raster: LightRaster): void {
    const gl = this.gl;
    if (!(raster.channels >= 1 && raster.channels <= MAX_PLANES)) return;
    const rows = raster.height * raster.channels;
    const recycled = this.prev;
    this.prev = this.next;
    this.next = recycled;
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, recycled.texture);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    const old = recycled.raster;
    // Decoded rasters always live in plain ArrayBuffers (fzstd and applyDelta allocate them).
    const pixels = raster.pixels as Uint8Array<ArrayBuffer>;
    if (old && old.width === raster.width && old.height === raster.height && old.channels === raster.channels) {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, raster.width, rows, gl.RED, gl.UNSIGNED_BYTE, pixels);
    } else {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, raster.width, rows, 0, gl.RED, gl.UNSIGNED_BYTE, pixels);
    }
    recycled.raster = raster;
    // A raster of another shape or place cannot be blended with: show the new one alone.
    if (!this.prev.raster || !compatible(this.prev.raster, raster)) {
      this.prev.raster = undefined;
    }
  }

  /** Forget the shown light, e.g. while disconnected. */
  clear(): void {
    this.prev.raster = undefined;
    this.next.raster = undefined;
    const gl = this.gl;
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }

  draw(viewport: Viewport, mix: number): void {
    const gl = this.gl;
    gl.viewport(0, 0, this.canvas.width, this.canvas.height);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const next = this.next.raster;
    if (!next) return;
    const prevSlot = this.prev.raster ? this.prev : this.next;
    gl.useProgram(this.program);
    gl.bindVertexArray(this.vao);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, prevSlot.texture);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.next.texture);
    const c = clipRect(viewport, next.bounds);
    gl.uniform4f(this.uClip, c[0], c[1], c[2], c[3]);
    gl.uniform1f(this.uMix, this.prev.raster ? mix : 1);
    gl.uniform1f(this.uPlanes, next.channels);
    gl.uniform1f(this.uRows, next.height);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.bindVertexArray(null);
  }
}

function compatible(a: LightRaster, b: LightRaster): boolean {
  const ab = a.bounds;
  const bb = b.bounds;
  return (
    a.width === b.width &&
    a.height === b.height &&
    a.channels === b.channels &&
    ab.x === bb.x && ab.y === bb.y && ab.width === bb.width && ab.height === bb.height
  );
}

/** World rectangle → clip space (x right, y up): left, top, right, bottom. */
function clipRect(viewport: Viewport, bounds: WorldRect): [number, number, number, number] {
  const r = viewport.rectToScreen(bounds);
  const w = Math.max(viewport.cssWidth, 1);
  const h = Math.max(viewport.cssHeight, 1);
  return [(r.x / w) * 2 - 1, 1 - (r.y / h) * 2, ((r.x + r.width) / w) * 2 - 1, 1 - ((r.y + r.height) / h) * 2];
}

function makeTexture(gl: WebGL2RenderingContext): WebGLTexture {
  const t = must(gl.createTexture(), "texture");
  gl.bindTexture(gl.TEXTURE_2D, t);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return t;
}

function link(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
  const program = must(gl.createProgram(), "program");
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vs));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fs));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    throw new Error(`light shader link failed: ${gl.getProgramInfoLog(program) ?? ""}`);
  }
  return program;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = must(gl.createShader(type), "shader");
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
    throw new Error(`light shader compile failed: ${gl.getShaderInfoLog(shader) ?? ""}`);
  }
  return shader;
}

function must<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`WebGL could not create a ${what}`);
  return value;
}
