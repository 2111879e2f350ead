// Checks the Kubernetes manifests in deploy/k8s/ offline, without a cluster:
//   1. each file parses as Kubernetes reads it (YAML 1.1: `on` is a boolean there; no duplicate keys),
//   2. each object against the JSON schema of its kind, generated from Kubernetes' own OpenAPI
//      document (kubernetes-models: types, required fields, formats such as quantities),
//   3. no unknown fields: the schema lets extra properties through, the API server's strict field
//      validation (kubectl's default) refuses them, so TypeScript's checker reads each object as a
//      literal of the same package's type for its kind and reports every property it does not know,
//   4. Meadow's own rules, which no schema knows (one replica, Recreate, probes, resources, the
//      token from a Secret, the state volume at --state-dir, flags meadow-server has, ports and
//      names that refer to each other, the Dockerfile's user and paths),
//   5. with --self-test, that broken copies of the manifests fail: a validator that passes
//      everything would pass the real ones too.
// Prints "ok: …" or "FAIL: …" for each check and "validator: N passed, M failed"; exits 1 on
// any failure.
//   node validate.mjs --dir deploy/k8s --repo . [--help-text FILE] [--self-test]
//   node validate.mjs --layout edges --dir deploy/k8s/edges --base deploy/k8s --repo . [...]
// --help-text: `meadow-server --help` saved to a file; without it the flags come from
// server/app/config.cpp (the same CLI11 declarations --help prints).
// --layout edges: deploy/k8s/edges/ (one sim, NATS, edges; its rules are edges.mjs), checked
// against the single meadow of --base, whose namespace, names and claim it takes over.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import ts from "typescript";
import { edgesLayout } from "./edges.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = { dir: null, repo: null, helpText: null, selfTest: false, layout: "single", base: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dir") args.dir = argv[++i];
    else if (a === "--repo") args.repo = argv[++i];
    else if (a === "--help-text") args.helpText = argv[++i];
    else if (a === "--self-test") args.selfTest = true;
    else if (a === "--layout") args.layout = argv[++i];
    else if (a === "--base") args.base = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.dir || !args.repo) throw new Error("usage: validate.mjs [--layout single|edges --base DIR] --dir DIR --repo ROOT [--help-text FILE] [--self-test]");
  if (!["single", "edges"].includes(args.layout)) throw new Error(`unknown layout ${args.layout}`);
  if (args.layout === "edges" && !args.base) throw new Error("--layout edges needs --base (deploy/k8s)");
  return args;
}

// ---------------------------------------------------------------------------------------------
// Reading the files

// Every .yaml/.yml file of the folder, each document parsed as Kubernetes parses it.
function readManifests(dir) {
  const files = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(name)) continue;
    const text = fs.readFileSync(path.join(dir, name), "utf8");
    const problems = [];
    const objects = [];
    // Kubernetes reads YAML 1.1 (sigs.k8s.io/yaml): `on`, `yes`, `0400` mean what they meant there.
    const docs = YAML.parseAllDocuments(text, { version: "1.1", uniqueKeys: true, prettyErrors: true });
    for (const doc of Array.isArray(docs) ? docs : [docs]) {
      for (const e of [...doc.errors, ...doc.warnings]) problems.push(e.message.split("\n")[0]);
      if (doc.errors.length) continue;
      const obj = doc.toJS();
      if (obj === null || obj === undefined) continue;  // an empty document (a trailing ---)
      objects.push(obj);
    }
    files.push({ name, objects, problems });
  }
  return files;
}

const isKustomization = (obj) => obj && obj.kind === "Kustomization";
const label = (file, obj) => `${file}: ${obj?.kind ?? "?"}/${obj?.metadata?.name ?? "?"}`;

// ---------------------------------------------------------------------------------------------
// 2. The schema of each kind (kubernetes-models)

async function modelOf(obj) {
  if (typeof obj?.apiVersion !== "string" || typeof obj?.kind !== "string") return null;
  if (!/^[a-z0-9.]*\/?v[0-9a-z]+$/.test(obj.apiVersion) || !/^[A-Z][A-Za-z]+$/.test(obj.kind)) return null;
  try {
    const mod = await import(`kubernetes-models/${obj.apiVersion}/${obj.kind}`);
    return mod[obj.kind] ?? null;
  } catch {
    return null;
  }
}

async function schemaErrors(obj) {
  const Model = await modelOf(obj);
  if (!Model) return [`no schema for apiVersion ${obj?.apiVersion} kind ${obj?.kind} (not a Kubernetes kind)`];
  try {
    new Model(structuredClone(obj)).validate();
    return [];
  } catch (e) {
    if (!Array.isArray(e.errors)) return [String(e.message ?? e)];
    return e.errors.map((x) => `${x.instancePath || "/"}: ${x.message}${x.params?.allowedValues ? ` (${x.params.allowedValues.join(", ")})` : ""}`);
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Unknown fields: TypeScript's excess-property check on the package's types

// Every distinct object in one program (one type-check, however many copies the self-test makes);
// returns the problems of each, keyed by typeKey().
const typeKey = (obj) => JSON.stringify(obj);
function unknownFieldErrors(objects) {
  const virtualFiles = new Map();
  const owners = [];
  const seen = new Set();
  for (const obj of objects) {
    const key = typeKey(obj);
    if (seen.has(key)) continue;
    seen.add(key);
    const name = path.join(here, `.manifest-${owners.length}.ts`);
    const source =
      `import type { I${obj.kind} as T } from "kubernetes-models/${obj.apiVersion}/${obj.kind}";\n` +
      `export const manifest: T = ${JSON.stringify(obj, null, 1)};\n`;
    virtualFiles.set(name, source);
    owners.push({ name, key });
  }
  const options = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => virtualFiles.get(path.resolve(f)) ?? readFile(f);
  host.fileExists = (f) => virtualFiles.has(path.resolve(f)) || fileExists(f);
  host.getSourceFile = (f, lang, onError, create) => {
    const text = virtualFiles.get(path.resolve(f));
    return text !== undefined ? ts.createSourceFile(f, text, lang, true) : getSourceFile(f, lang, onError, create);
  };
  const program = ts.createProgram([...virtualFiles.keys()], options, host);
  const result = new Map();
  for (const { name, key } of owners) {
    const sf = program.getSourceFile(name);
    const diags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
    result.set(key, diags.map((d) => `${jsonPathAt(sf, d.start)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`));
  }
  return result;
}

// The path of the property or element at a position of the generated literal, as ajv writes
// it: /spec/template/spec/containers/0/….
function jsonPathAt(sf, pos) {
  if (pos === undefined) return "/";
  let node = sf;
  for (;;) {
    const child = node.getChildren(sf).find((c) => c.getStart(sf) <= pos && pos < c.getEnd());
    if (!child) break;
    node = child;
  }
  const parts = [];
  for (let n = node; n && n !== sf; n = n.parent) {
    const p = n.parent;
    if (p && ts.isPropertyAssignment(p) && p.initializer === n) parts.push(p.name.text);
    else if (ts.isPropertyAssignment(n) && n.name === node) parts.push(n.name.text);
    else if (p && ts.isArrayLiteralExpression(p)) parts.push(String(p.elements.indexOf(n)));
  }
  return "/" + parts.reverse().join("/");
}

// ---------------------------------------------------------------------------------------------
// 4. Meadow's rules

// The flags meadow-server takes: from its --help, or from the CLI11 declarations in config.cpp.
function serverFlags(repo, helpTextFile) {
  if (helpTextFile) {
    const text = fs.readFileSync(helpTextFile, "utf8");
    const flags = new Set([...text.matchAll(/^\s+(--[a-z][a-z0-9-]*)/gm)].map((m) => m[1]));
    return { flags, from: "meadow-server --help" };
  }
  const src = fs.readFileSync(path.join(repo, "server/app/config.cpp"), "utf8");
  const flags = new Set([...src.matchAll(/add_(?:option|flag)\(\s*"(--[a-z][a-z0-9-]*)"/g)].map((m) => m[1]));
  return { flags, from: "server/app/config.cpp" };
}

// "--name=value" / "--name value" / "--flag" → Map name → value ('' for a bare flag).
function parseServerArgs(args) {
  const out = new Map();
  const errors = [];
  for (let i = 0; i < args.length; i++) {
    const a = String(args[i]);
    const m = /^(--[a-z][a-z0-9-]*)(?:=(.*))?$/.exec(a);
    if (!m) {
      errors.push(`argument ${JSON.stringify(a)} is not a --flag`);
      continue;
    }
    let value = m[2];
    if (value === undefined && i + 1 < args.length && !String(args[i + 1]).startsWith("--")) value = String(args[++i]);
    out.set(m[1], value ?? "");
  }
  return { values: out, errors };
}

const portOf = (listen) => Number(/:(\d+)$/.exec(listen ?? "")?.[1]);

// Kubernetes' memory quantities to bytes, enough for comparing a request with a limit.
function bytes(q) {
  const m = /^([0-9.]+)([KMGT]i?)?$/.exec(String(q ?? ""));
  if (!m) return NaN;
  const unit = { K: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 }[m[2]] ?? 1;
  return Number(m[1]) * unit;
}

// Each rule: [name, (world) → list of problems]. `world` holds every object by kind.
function meadowRules(repo, flagSet) {
  const one = (w, kind) => w.byKind.get(kind) ?? [];
  const deployment = (w) => one(w, "Deployment")[0];
  const pod = (w) => deployment(w)?.spec?.template?.spec ?? {};
  const server = (w) => (pod(w).containers ?? []).find((c) => c.name === "meadow-server");
  const args = (w) => parseServerArgs(server(w)?.args ?? []);
  const containerPort = (w, name) => (server(w)?.ports ?? []).find((p) => p.name === name)?.containerPort;
  const protoServices = new Set(
    fs.readdirSync(path.join(repo, "proto/meadow/v1"))
      .filter((f) => f.endsWith(".proto"))
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(repo, "proto/meadow/v1", f), "utf8");
        const pkg = /^package\s+([\w.]+);/m.exec(text)?.[1];
        return [...text.matchAll(/^service\s+(\w+)/gm)].map((m) => `/${pkg}.${m[1]}`);
      }),
  );

  return [
    ["one Deployment, one replica, Recreate: never two meadows at once", (w) => {
      const d = one(w, "Deployment");
      if (d.length !== 1) return [`${d.length} Deployments (one meadow, one Deployment)`];
      const p = [];
      if (d[0].spec?.replicas !== 1) p.push(`spec.replicas is ${JSON.stringify(d[0].spec?.replicas)}, not 1`);
      if (d[0].spec?.strategy?.type !== "Recreate") p.push(`spec.strategy.type is ${JSON.stringify(d[0].spec?.strategy?.type)}, not Recreate`);
      if (one(w, "StatefulSet").length || one(w, "ReplicaSet").length || one(w, "DaemonSet").length) p.push("another workload besides the Deployment");
      if (one(w, "HorizontalPodAutoscaler").length) p.push("an autoscaler: more replicas would be more meadows");
      if (!server(w)) p.push("no container named meadow-server");
      return p;
    }],
    ["the container runs meadow-server with flags it has (from " + flagSet.from + ")", (w) => {
      const c = server(w);
      if (!c) return ["no meadow-server container"];
      const { values, errors } = args(w);
      const p = [...errors];
      for (const flag of values.keys()) if (!flagSet.flags.has(flag)) p.push(`meadow-server has no flag ${flag}`);
      if (flagSet.flags.size < 20) p.push(`only ${flagSet.flags.size} flags read from ${flagSet.from}: the list looks wrong`);
      if (c.command && !/meadow-server$/.test(c.command[0] ?? "")) p.push(`command ${JSON.stringify(c.command)} is not meadow-server`);
      for (const e of c.env ?? []) {
        const flag = "--" + e.name.replace(/^MEADOW_/, "").toLowerCase().replace(/_/g, "-");
        if (e.name.startsWith("MEADOW_") && e.name !== "MEADOW_OPERATOR_TOKEN" && !flagSet.flags.has(flag)) {
          p.push(`environment ${e.name} names no flag (${flag})`);
        }
      }
      return p;
    }],
    ["listens on the pod's address, on the ports the container and the probes name", (w) => {
      const { values } = args(w);
      const p = [];
      if (values.get("--bind") !== "0.0.0.0") p.push("--bind is not 0.0.0.0: nothing outside the pod reaches it");
      const want = [
        ["--port", "http"],
        ["--operator-port", "operator-grpc"],
        ["--viewer-grpc-port", "viewer-grpc"],
      ];
      for (const [flag, port] of want) {
        if (Number(values.get(flag)) !== containerPort(w, port)) p.push(`${flag} ${values.get(flag)} is not the container port ${port} (${containerPort(w, port)})`);
      }
      if (values.get("--operator-bind") !== "0.0.0.0" || values.get("--viewer-grpc-bind") !== "0.0.0.0") p.push("the gRPC ports stay on the pod's loopback: the Service cannot reach them");
      if (values.has("--operator-bind") && values.get("--operator-bind") !== "127.0.0.1" && !values.has("--operator-allow-plaintext") && !values.has("--operator-tls-cert")) {
        p.push("a non-loopback --operator-bind needs --operator-allow-plaintext or TLS (the server refuses to start)");
      }
      if (portOf(values.get("--metrics-listen")) !== containerPort(w, "metrics")) p.push("--metrics-listen is not the container port metrics");
      const ann = deployment(w)?.spec?.template?.metadata?.annotations ?? {};
      if (ann["prometheus.io/scrape"] !== "true" || Number(ann["prometheus.io/port"]) !== containerPort(w, "metrics") || ann["prometheus.io/path"] !== "/metrics") {
        p.push("the prometheus.io annotations do not name the metrics port and /metrics");
      }
      if (pod(w).enableServiceLinks !== false) p.push("enableServiceLinks is not false: the Service's MEADOW_PORT=tcp://… would reach the server as --port");
      return p;
    }],
    ["startup, readiness and liveness probes on /healthz of the http port", (w) => {
      const c = server(w) ?? {};
      const p = [];
      for (const probe of ["startupProbe", "readinessProbe", "livenessProbe"]) {
        const h = c[probe]?.httpGet;
        if (!h) { p.push(`no ${probe} (an httpGet)`); continue; }
        if (h.path !== "/healthz") p.push(`${probe} asks ${h.path}: the server answers /healthz`);
        if (h.port !== "http" && h.port !== containerPort(w, "http")) p.push(`${probe} asks port ${h.port}, not http`);
      }
      const s = c.startupProbe;
      if (s && (s.periodSeconds ?? 10) * (s.failureThreshold ?? 3) < 30) p.push("the startup probe allows under 30 s: recovery at 500,000 fireflies takes 5 s, more on a slow disk");
      const grace = pod(w).terminationGracePeriodSeconds ?? 30;
      if (grace < 10) p.push(`terminationGracePeriodSeconds ${grace}: the last snapshot needs time`);
      return p;
    }],
    ["resources: requests and a memory limit, the request within it", (w) => {
      const r = server(w)?.resources ?? {};
      const p = [];
      if (!r.requests?.cpu) p.push("no cpu request");
      if (!r.requests?.memory) p.push("no memory request");
      if (!r.limits?.memory) p.push("no memory limit");
      if (bytes(r.requests?.memory) > bytes(r.limits?.memory)) p.push(`memory request ${r.requests.memory} above the limit ${r.limits.memory}`);
      for (const [k, v] of Object.entries({ ...r.requests, ...r.limits })) if (/@/.test(String(v))) p.push(`${k} is a placeholder: ${v}`);
      return p;
    }],
    ["the operator's token comes from a Secret, never from the manifest", (w) => {
      const c = server(w) ?? {};
      const { values } = args(w);
      const p = [];
      const env = (c.env ?? []).find((e) => e.name === "MEADOW_OPERATOR_TOKEN");
      const file = values.get("--operator-token-file");
      if (env?.value !== undefined) p.push("MEADOW_OPERATOR_TOKEN has a literal value in the manifest");
      const fromEnv = env?.valueFrom?.secretKeyRef?.name;
      let fromFile = null;
      if (file) {
        const mount = (c.volumeMounts ?? []).find((m) => file.startsWith(m.mountPath.replace(/\/?$/, "/")));
        const vol = mount && (pod(w).volumes ?? []).find((v) => v.name === mount.name);
        fromFile = vol?.secret?.secretName ?? null;
        if (!fromFile) p.push(`--operator-token-file ${file} is not in a Secret volume`);
      }
      if (!fromEnv && !fromFile) p.push("no operator token from a Secret (MEADOW_OPERATOR_TOKEN from a secretKeyRef, or --operator-token-file in a Secret volume)");
      if (one(w, "Secret").some((s) => s.data || s.stringData)) p.push("a Secret with its data in the manifests: the token is made by hand (README.md)");
      return p;
    }],
    ["the state is a PersistentVolumeClaim mounted at --state-dir", (w) => {
      const c = server(w) ?? {};
      const dir = args(w).values.get("--state-dir");
      if (!dir) return ["no --state-dir: the meadow would not survive a restart"];
      const p = [];
      const mount = (c.volumeMounts ?? []).find((m) => m.mountPath.replace(/\/$/, "") === dir.replace(/\/$/, ""));
      if (!mount) return [`nothing mounted at --state-dir ${dir}`];
      if (mount.readOnly) p.push("the state volume is mounted read-only");
      const vol = (pod(w).volumes ?? []).find((v) => v.name === mount.name);
      const claim = vol?.persistentVolumeClaim?.claimName;
      if (!claim) return [...p, `the volume at ${dir} is not a PersistentVolumeClaim`];
      const pvc = one(w, "PersistentVolumeClaim").find((x) => x.metadata?.name === claim);
      if (!pvc) return [...p, `no PersistentVolumeClaim ${claim} in the manifests`];
      if (JSON.stringify(pvc.spec?.accessModes) !== JSON.stringify(["ReadWriteOnce"])) p.push(`the claim's accessModes are ${JSON.stringify(pvc.spec?.accessModes)}, not [ReadWriteOnce]`);
      if (!(bytes(pvc.spec?.resources?.requests?.storage) >= 512 * 1024 ** 2)) p.push("the claim asks under 512 Mi: 34 snapshots at 500,000 fireflies are 350 MB");
      const cap = Number(args(w).values.get("--state-max-mb") ?? 0);
      if (cap && cap * 1024 ** 2 >= bytes(pvc.spec?.resources?.requests?.storage)) p.push(`--state-max-mb ${cap} does not fit the claim`);
      return p;
    }],
    ["non-root, read-only root, no capabilities, no privilege escalation", (w) => {
      const ps = pod(w).securityContext ?? {};
      const cs = server(w)?.securityContext ?? {};
      const p = [];
      if (ps.runAsNonRoot !== true && cs.runAsNonRoot !== true) p.push("runAsNonRoot is not true");
      if ((cs.runAsUser ?? ps.runAsUser) === 0) p.push("runs as uid 0");
      if (ps.fsGroup === undefined) p.push("no fsGroup: the non-root user could not write the state volume");
      if (cs.readOnlyRootFilesystem !== true) p.push("readOnlyRootFilesystem is not true");
      if (cs.allowPrivilegeEscalation !== false) p.push("allowPrivilegeEscalation is not false");
      if (!(cs.capabilities?.drop ?? []).includes("ALL")) p.push("capabilities do not drop ALL");
      if ((cs.capabilities?.add ?? []).length) p.push("capabilities added");
      if (!(cs.seccompProfile ?? ps.seccompProfile)) p.push("no seccompProfile");
      if (pod(w).hostNetwork || pod(w).hostPID) p.push("host namespaces");
      return p;
    }],
    ["the image is the repository's Dockerfile: its user, its paths", (w) => {
      const file = path.join(repo, "Dockerfile");
      if (!fs.existsSync(file)) return ["no Dockerfile at the repository's root: the Deployment runs its image"];
      const docker = fs.readFileSync(file, "utf8");
      const c = server(w) ?? {};
      const ps = pod(w).securityContext ?? {};
      const uid = c.securityContext?.runAsUser ?? ps.runAsUser;
      const p = [];
      if (!new RegExp(`(--uid\\s+${uid}\\b|^USER\\s+${uid}\\b)`, "m").test(docker)) p.push(`the Dockerfile's user is not uid ${uid} (runAsUser)`);
      const bin = c.command?.[0] ?? "/usr/local/bin/meadow-server";
      if (bin.startsWith("/usr/local/") && !/--prefix\s+\/usr\/local\b/.test(docker)) p.push(`the Dockerfile does not install under /usr/local (${bin})`);
      const web = args(w).values.get("--web-root");
      if (!web || !docker.includes(web)) p.push(`--web-root ${web} is not the Dockerfile's viewer folder`);
      if (!docker.includes(args(w).values.get("--state-dir") ?? "--state-dir missing")) p.push("the state folder is not the Dockerfile's");
      return p;
    }],
    ["the Service selects the pod and names its ports", (w) => {
      const svcs = one(w, "Service");
      if (svcs.length !== 1) return [`${svcs.length} Services`];
      const s = svcs[0];
      const p = [];
      const labels = deployment(w)?.spec?.template?.metadata?.labels ?? {};
      const sel = s.spec?.selector ?? {};
      if (!Object.keys(sel).length || !Object.entries(sel).every(([k, v]) => labels[k] === v)) p.push("its selector does not match the pod's labels");
      const matchLabels = deployment(w)?.spec?.selector?.matchLabels ?? {};
      if (!Object.entries(matchLabels).every(([k, v]) => labels[k] === v)) p.push("the Deployment's selector does not match its pod's labels");
      for (const port of s.spec?.ports ?? []) {
        if (!/^[a-z0-9]([a-z0-9-]{0,13}[a-z0-9])?$/.test(port.name ?? "") || /--/.test(port.name)) p.push(`port name ${port.name} is not an IANA service name (15 characters, a-z0-9-)`);
        const target = port.targetPort ?? port.port;
        if (typeof target === "string" ? containerPort(w, target) === undefined : !(server(w)?.ports ?? []).some((cp) => cp.containerPort === target)) {
          p.push(`port ${port.name} targets ${target}, which the container does not have`);
        }
      }
      for (const name of ["http", "operator-grpc", "viewer-grpc"]) if (!(s.spec?.ports ?? []).some((x) => x.name === name)) p.push(`no port ${name}`);
      for (const port of server(w)?.ports ?? []) if (!/^[a-z0-9]([a-z0-9-]{0,13}[a-z0-9])?$/.test(port.name ?? "")) p.push(`container port name ${port.name} is not an IANA service name`);
      return p;
    }],
    ["the Ingresses: TLS, WebSocket timeouts, gRPC to the services the protos name", (w) => {
      const ings = one(w, "Ingress");
      const svc = one(w, "Service")[0];
      const svcPorts = new Set((svc?.spec?.ports ?? []).map((x) => x.name));
      const p = [];
      const backends = [];
      for (const ing of ings) {
        const a = ing.metadata?.annotations ?? {};
        if (!(ing.spec?.tls ?? []).some((t) => t.secretName)) p.push(`${ing.metadata?.name}: no TLS secret`);
        for (const rule of ing.spec?.rules ?? []) {
          if (!(ing.spec?.tls ?? []).some((t) => (t.hosts ?? []).includes(rule.host))) p.push(`${ing.metadata?.name}: host ${rule.host} has no TLS`);
          for (const hp of rule.http?.paths ?? []) {
            const b = hp.backend?.service;
            backends.push({ ing, path: hp.path, grpc: a["nginx.ingress.kubernetes.io/backend-protocol"] === "GRPC", a });
            if (b?.name !== svc?.metadata?.name) p.push(`${ing.metadata?.name} ${hp.path}: backend ${b?.name} is not the Service ${svc?.metadata?.name}`);
            if (b?.port?.name ? !svcPorts.has(b.port.name) : !(svc?.spec?.ports ?? []).some((x) => x.port === b?.port?.number)) {
              p.push(`${ing.metadata?.name} ${hp.path}: the Service has no port ${b?.port?.name ?? b?.port?.number}`);
            }
          }
        }
      }
      const web = backends.find((b) => b.path === "/" && !b.grpc);
      if (!web) p.push("no Ingress path / to the viewer (HTTP)");
      else for (const k of ["proxy-read-timeout", "proxy-send-timeout"]) {
        if (!(Number(web.a[`nginx.ingress.kubernetes.io/${k}`]) >= 300)) p.push(`the viewer's Ingress ${k} is under 300 s: WebSockets would be cut`);
      }
      for (const service of protoServices) {
        const b = backends.find((x) => x.path === service);
        if (!b) p.push(`no Ingress path ${service}`);
        else if (!b.grpc) p.push(`${service} is not on a GRPC backend`);
      }
      for (const b of backends) if (b.grpc && !protoServices.has(b.path)) p.push(`gRPC path ${b.path} names no service of proto/meadow/v1 (${[...protoServices].join(", ")})`);
      return p;
    }],
  ];
}

function kustomizationErrors(files) {
  const k = files.find((f) => f.name === "kustomization.yaml");
  if (!k) return ["no kustomization.yaml"];
  const obj = k.objects[0] ?? {};
  const p = [];
  const known = new Set(["apiVersion", "kind", "namespace", "resources", "images", "labels", "commonLabels", "commonAnnotations", "patches", "configMapGenerator", "secretGenerator", "namePrefix", "nameSuffix", "replicas"]);
  for (const key of Object.keys(obj)) if (!known.has(key)) p.push(`unknown field ${key}`);
  if (obj.apiVersion !== "kustomize.config.k8s.io/v1beta1" || obj.kind !== "Kustomization") p.push("not a kustomize.config.k8s.io/v1beta1 Kustomization");
  if (obj.replicas) p.push("replicas: the meadow is one replica");
  const listed = new Set(obj.resources ?? []);
  for (const f of files) if (f.name !== k.name && !listed.has(f.name)) p.push(`${f.name} is not in resources`);
  for (const r of listed) if (!files.some((f) => f.name === r)) p.push(`resource ${r} does not exist`);
  for (const img of obj.images ?? []) if (!Object.keys(img).every((x) => ["name", "newName", "newTag", "digest"].includes(x))) p.push(`images entry ${JSON.stringify(img)}`);
  const ns = files.flatMap((f) => f.objects).filter((o) => o.kind === "Namespace").map((o) => o.metadata?.name);
  if (ns.length && !ns.includes(obj.namespace)) p.push(`namespace ${obj.namespace} is not the Namespace in the manifests (${ns.join(", ")})`);
  return p;
}

// ---------------------------------------------------------------------------------------------
// Running the checks

// The objects of a set of files that the schema checks read (not the Kustomization).
const objectEntries = (files) =>
  files.flatMap((f) => f.objects.filter((obj) => !isKustomization(obj)).map((obj) => ({ file: f.name, obj })));

// `typeErrors`: unknownFieldErrors() of (at least) these files' objects. `layout`: the rules and
// the kustomization's check of the folder's layout.
async function checkAll(files, layout, typeErrors, report) {
  for (const f of files) report(`${f.name} parses as YAML 1.1 without duplicate keys`, f.problems);
  report("kustomization.yaml lists every manifest and only known fields", layout.kustomizationErrors(files));
  const entries = objectEntries(files);
  for (const e of entries) {
    const errs = [...(await schemaErrors(e.obj)), ...(modelOfSync(e.obj) ? typeErrors.get(typeKey(e.obj)) ?? [] : [])];
    report(`${label(e.file, e.obj)} against the schema of its kind, no unknown fields`, errs);
  }
  const world = { byKind: new Map() };
  for (const e of entries) {
    if (!world.byKind.has(e.obj.kind)) world.byKind.set(e.obj.kind, []);
    world.byKind.get(e.obj.kind).push(e.obj);
  }
  for (const [name, rule] of layout.rules) {
    let errs;
    try { errs = rule(world); } catch (e) { errs = [`the rule threw: ${e.message}`]; }
    report(name, errs);
  }
}

// Only kinds the package has go to the type-check (the others fail the schema check already).
function modelOfSync(obj) {
  if (typeof obj?.apiVersion !== "string" || typeof obj?.kind !== "string") return false;
  return fs.existsSync(path.join(here, "node_modules/kubernetes-models", obj.apiVersion, `${obj.kind}.d.ts`));
}

// Broken copies that must fail: each edits the parsed files, and the checks must find something.
const mutations = [
  ["a misspelled field (livenesProbe)", (files) => {
    const c = findServer(files);
    c.livenesProbe = c.livenessProbe;
    delete c.livenessProbe;
  }],
  ["a misspelled field deep in the Ingress (servicePort)", (files) => {
    const ing = objectsOf(files, "Ingress")[0];
    const b = ing.spec.rules[0].http.paths[0].backend.service;
    b.servicePort = b.port;
    delete b.port;
  }],
  ["replicas: 2", (files) => { objectsOf(files, "Deployment")[0].spec.replicas = 2; }],
  ["replicas as a string", (files) => { objectsOf(files, "Deployment")[0].spec.replicas = "1"; }],
  ["strategy RollingUpdate", (files) => { objectsOf(files, "Deployment")[0].spec.strategy = { type: "RollingUpdate" }; }],
  ["a container without a name (required)", (files) => { delete findServer(files).name; }],
  ["a memory request that is no quantity", (files) => { findServer(files).resources.requests.memory = "lots"; }],
  ["no resources", (files) => { delete findServer(files).resources; }],
  ["no readiness probe", (files) => { delete findServer(files).readinessProbe; }],
  ["a flag meadow-server does not have", (files) => { findServer(files).args.push("--state-directory=/var/lib/meadow"); }],
  ["the token written in the manifest", (files) => {
    const e = findServer(files).env.find((x) => x.name === "MEADOW_OPERATOR_TOKEN");
    delete e.valueFrom;
    e.value = "a-token-that-is-long-enough-1234";
  }],
  ["the state volume mounted elsewhere", (files) => {
    const m = findServer(files).volumeMounts.find((x) => x.name === "state");
    m.mountPath = "/data";
  }],
  ["an unquoted annotation (a number, not a string)", (files) => {
    objectsOf(files, "Ingress")[0].metadata.annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"] = 300;
  }],
  ["WebSocket timeouts of 60 s", (files) => {
    objectsOf(files, "Ingress")[0].metadata.annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"] = "60";
  }],
  ["a gRPC path no proto names", (files) => {
    const ing = objectsOf(files, "Ingress").find((i) => i.metadata.annotations?.["nginx.ingress.kubernetes.io/backend-protocol"] === "GRPC");
    ing.spec.rules[0].http.paths[0].path = "/meadow.v1.Operators";
  }],
  ["a runAsUser the Dockerfile's image does not have", (files) => {
    objectsOf(files, "Deployment")[0].spec.template.spec.securityContext.runAsUser = 10002;
  }],
  ["a Service port name past 15 characters", (files) => { objectsOf(files, "Service")[0].spec.ports[1].name = "operator-grpc-port"; }],
  ["a manifest missing from kustomization.yaml", (files) => {
    const k = files.find((f) => f.name === "kustomization.yaml").objects[0];
    k.resources = k.resources.filter((r) => r !== "pvc.yaml");
  }],
  ["an unknown kind", (files) => { objectsOf(files, "PersistentVolumeClaim")[0].kind = "PersistentVolumeClaimm"; }],
];

const objectsOf = (files, kind) => files.flatMap((f) => f.objects).filter((o) => o.kind === kind);
const findServer = (files) => objectsOf(files, "Deployment")[0].spec.template.spec.containers.find((c) => c.name === "meadow-server");

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const repo = path.resolve(args.repo);
  const dir = path.resolve(args.dir);
  const flagSet = serverFlags(repo, args.helpText);
  const files = readManifests(dir);
  const layout = args.layout === "edges"
    ? edgesLayout({ repo, flagSet, baseFiles: readManifests(path.resolve(args.base)), meadowRules, kustomizationErrors,
      parseServerArgs, portOf, bytes })
    : { rules: meadowRules(repo, flagSet), kustomizationErrors, mutations };

  // The broken copies first, so that one type-check reads every object of every copy.
  const broken = [];
  if (args.selfTest) {
    for (const [what, mutate] of layout.mutations) {
      const copy = structuredClone(files);
      try {
        mutate(copy);
        broken.push({ what, files: copy });
      } catch (e) {
        broken.push({ what, error: e.message });
      }
    }
  }
  const typed = [files, ...broken.filter((b) => b.files).map((b) => b.files)]
    .flatMap(objectEntries)
    .map((e) => e.obj)
    .filter(modelOfSync);
  const typeErrors = unknownFieldErrors(typed);

  let passed = 0;
  let failed = 0;
  if (!files.length) {
    console.log(`FAIL: no manifests in ${dir}`);
    failed++;
  }
  const baseline = new Set();
  await checkAll(files, layout, typeErrors, (name, errs) => {
    for (const e of errs) baseline.add(`${name}: ${e}`);
    if (errs.length) {
      failed++;
      console.log(`FAIL: ${name}`);
      for (const e of errs) console.log(`      ${e}`);
    } else {
      passed++;
      console.log(`ok: ${name}`);
    }
  });

  // Each broken copy must bring a problem the manifests as they are do not have.
  for (const b of broken) {
    if (b.error) {
      failed++;
      console.log(`FAIL: broken on purpose, ${b.what}: the edit itself failed (${b.error}): the manifests changed shape`);
      continue;
    }
    const found = [];
    await checkAll(b.files, layout, typeErrors, (name, errs) => {
      for (const e of errs) if (!baseline.has(`${name}: ${e}`)) found.push(`${name}: ${e}`);
    });
    if (found.length) {
      passed++;
      console.log(`ok: broken on purpose, ${b.what}: refused (${found[0]})`);
    } else {
      failed++;
      console.log(`FAIL: broken on purpose, ${b.what}: the checks let it through`);
    }
  }
  console.log(`validator: ${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main();
