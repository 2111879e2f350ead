// Meadow's own rules for deploy/k8s/edges/ (one sim, NATS, edges that serve the viewers), which no
// schema knows, and the broken copies that must fail them; validate.mjs --layout edges runs them
// after the same schema and unknown-field checks as deploy/k8s/. The single meadow's folder
// (--base deploy/k8s) is read too: the sim takes over its Deployment, Service, claim and Ingresses
// by name, and its namespace.
import fs from "node:fs";
import path from "node:path";

// What an edge must not be given: it simulates nothing, keeps no state and has no operator port.
const SIM_ONLY_FLAG = /^--(state-|snapshot-|keep-|replay|seed$|swarm-|mold-|sim-threads$|operator-)/;
// NATS's files: its configuration, and the image that bakes it in.
const NATS_CONF = "deploy/nats/nats-server.conf";
const NATS_DOCKERFILE = "deploy/container/nats.Dockerfile";
const IANA_NAME = /^[a-z0-9]([a-z0-9-]{0,13}[a-z0-9])?$/;

// h: { repo, flagSet, baseFiles, meadowRules, kustomizationErrors, parseServerArgs, portOf, bytes }
export function edgesLayout(h) {
  const { repo, parseServerArgs, portOf } = h;
  const baseObjects = h.baseFiles.flatMap((f) => f.objects);
  const baseOf = (kind) => baseObjects.filter((o) => o.kind === kind);

  // ---- who is who: by what each container runs, not by name, so that a renamed copy is still seen
  const one = (w, kind) => w.byKind.get(kind) ?? [];
  const podSpec = (d) => d?.spec?.template?.spec ?? {};
  const podLabels = (d) => d?.spec?.template?.metadata?.labels ?? {};
  const serverOf = (d) => (podSpec(d).containers ?? []).find((c) => c.name === "meadow-server");
  const natsOf = (d) => (podSpec(d).containers ?? []).find((c) => c.name === "nats-server");
  const argsOf = (d) => parseServerArgs(serverOf(d)?.args ?? []);
  const argOf = (d, flag) => argsOf(d).values.get(flag);
  const envOf = (d, name) => (serverOf(d)?.env ?? []).find((e) => e.name === name);
  // A flag's value from the args, else from its MEADOW_* variable (a literal one).
  const setting = (d, flag) => argOf(d, flag) ?? envOf(d, "MEADOW_" + flag.slice(2).toUpperCase().replace(/-/g, "_"))?.value;
  const meadows = (w) => one(w, "Deployment").filter((d) => serverOf(d));
  const sims = (w) => meadows(w).filter((d) => setting(d, "--role") === "sim");
  const edges = (w) => meadows(w).filter((d) => setting(d, "--role") === "edge");
  const natsDeployments = (w) => one(w, "Deployment").filter((d) => natsOf(d));
  const sim = (w) => sims(w)[0];
  const edge = (w) => edges(w)[0];
  const nats = (w) => natsDeployments(w)[0];
  const containerPort = (c, name) => (c?.ports ?? []).find((p) => p.name === name)?.containerPort;

  // A label selector (matchLabels, matchExpressions) against a set of labels.
  const selects = (selector, labels) => {
    if (!selector) return false;
    for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
    for (const e of selector.matchExpressions ?? []) {
      const has = Object.hasOwn(labels, e.key);
      if (e.operator === "In" && !(has && (e.values ?? []).includes(labels[e.key]))) return false;
      if (e.operator === "NotIn" && has && (e.values ?? []).includes(labels[e.key])) return false;
      if (e.operator === "Exists" && !has) return false;
      if (e.operator === "DoesNotExist" && has) return false;
    }
    return true;
  };
  // A Service's selector is plain labels.
  const serviceSelects = (svc, d) => {
    const sel = svc?.spec?.selector ?? {};
    return Object.keys(sel).length > 0 && Object.entries(sel).every(([k, v]) => podLabels(d)[k] === v);
  };
  const servicesOf = (w, d) => one(w, "Service").filter((s) => serviceSelects(s, d));

  // NATS's own configuration: its ports, and what it must not have.
  const natsConf = () => {
    const text = fs.readFileSync(path.join(repo, NATS_CONF), "utf8");
    const get = (key) => new RegExp(`^\\s*${key}\\s*[:=]\\s*"?([^"\\s#]+)`, "m").exec(text)?.[1];
    return {
      client: portOf(get("listen")) || Number(get("port")) || 4222,
      monitor: portOf(get("http")) || Number(get("http_port")) || NaN,
      jetstream: /^\s*jetstream\b/m.test(text),
      cluster: /^\s*cluster\b/m.test(text),
      tls: /^\s*tls\s*\{[^}]*\bverify_and_map:\s*true/m.test(text) ? { verify_and_map: true } : undefined,
    };
  };

  // The --nats URLs of a Deployment: [{host, port, secret}] or problems.
  const natsUrls = (d) => {
    const raw = setting(d, "--nats");
    if (raw === undefined || raw === "") return { urls: [], problems: ["no --nats (or MEADOW_NATS): it cannot reach the sim's frames"] };
    const urls = [];
    const problems = [];
    for (const part of raw.split(",")) {
      let u;
      try { u = new URL(part.trim()); } catch { problems.push(`--nats ${part} is not a URL`); continue; }
      if (!["nats:", "tls:"].includes(u.protocol)) problems.push(`--nats ${part}: scheme ${u.protocol} is not nats:// or tls://`);
      if (u.password) problems.push(`--nats ${u.protocol}//${u.username}:…@${u.host}: a password written in the manifest (use --nats-creds from a Secret)`);
      urls.push({ host: u.hostname, port: Number(u.port || 4222) });
    }
    return { urls, problems };
  };

  // The rules of the single meadow (validate.mjs) that hold for the sim as they are, run on a
  // world of the sim alone.
  const singleRule = (prefix) => {
    const found = h.meadowRules(repo, h.flagSet).find(([name]) => name.startsWith(prefix));
    if (!found) throw new Error(`validate.mjs has no rule "${prefix}…"`);
    return found;
  };
  const onlyDeployment = (w, d) => {
    const byKind = new Map(w.byKind);
    byKind.set("Deployment", d ? [d] : []);
    for (const k of ["StatefulSet", "ReplicaSet", "DaemonSet", "HorizontalPodAutoscaler"]) byKind.delete(k);
    return { byKind };
  };
  const simRule = (prefix) => {
    const [name, rule] = singleRule(prefix);
    return [`the sim: ${name}`, (w) => (sim(w) ? rule(onlyDeployment(w, sim(w))) : ["no sim"])];
  };
  const edgeRule = (prefix) => {
    const [name, rule] = singleRule(prefix);
    return [`the edges: ${name}`, (w) => (edge(w) ? rule(onlyDeployment(w, edge(w))) : ["no edge"])];
  };

  // Where a meadow-server listens: the pod's address, the container's named ports, Prometheus.
  const listening = (d, want) => {
    const c = serverOf(d);
    const p = [];
    if (setting(d, "--bind") !== "0.0.0.0") p.push("--bind is not 0.0.0.0: nothing outside the pod reaches it");
    for (const [flag, port] of want) {
      if (Number(setting(d, flag)) !== containerPort(c, port)) p.push(`${flag} ${setting(d, flag)} is not the container port ${port} (${containerPort(c, port)})`);
    }
    if (portOf(setting(d, "--metrics-listen")) !== containerPort(c, "metrics")) p.push("--metrics-listen is not the container port metrics");
    const ann = d.spec?.template?.metadata?.annotations ?? {};
    if (ann["prometheus.io/scrape"] !== "true" || Number(ann["prometheus.io/port"]) !== containerPort(c, "metrics") || ann["prometheus.io/path"] !== "/metrics") {
      p.push("the prometheus.io annotations do not name the metrics port and /metrics");
    }
    if (podSpec(d).enableServiceLinks !== false) p.push("enableServiceLinks is not false: the Service meadow's MEADOW_PORT=tcp://… would reach the server as --port");
    for (const port of c?.ports ?? []) if (!IANA_NAME.test(port.name ?? "")) p.push(`container port name ${port.name} is not an IANA service name`);
    return p;
  };

  const security = (d, c, { volume }) => {
    const ps = podSpec(d).securityContext ?? {};
    const cs = c?.securityContext ?? {};
    const p = [];
    if (ps.runAsNonRoot !== true && cs.runAsNonRoot !== true) p.push("runAsNonRoot is not true");
    if ((cs.runAsUser ?? ps.runAsUser) === 0 || (cs.runAsUser ?? ps.runAsUser) === undefined) p.push("no runAsUser, or uid 0");
    if (volume && ps.fsGroup === undefined) p.push("no fsGroup");
    if (cs.readOnlyRootFilesystem !== true) p.push("readOnlyRootFilesystem is not true");
    if (cs.allowPrivilegeEscalation !== false) p.push("allowPrivilegeEscalation is not false");
    if (!(cs.capabilities?.drop ?? []).includes("ALL")) p.push("capabilities do not drop ALL");
    if ((cs.capabilities?.add ?? []).length) p.push("capabilities added");
    if (!(cs.seccompProfile ?? ps.seccompProfile)) p.push("no seccompProfile");
    if (podSpec(d).hostNetwork || podSpec(d).hostPID) p.push("host namespaces");
    if (podSpec(d).automountServiceAccountToken !== false) p.push("automountServiceAccountToken is not false: it needs no API access");
    return p;
  };

  const probeWindow = (probe) => (probe?.periodSeconds ?? 10) * (probe?.failureThreshold ?? 3);

  const rules = [
    ["the sim: one Deployment of --role sim, one replica, Recreate", (w) => {
      const s = sims(w);
      if (s.length !== 1) return [`${s.length} Deployments of --role sim: there is one meadow`];
      const p = [];
      if (s[0].spec?.replicas !== 1) p.push(`spec.replicas is ${JSON.stringify(s[0].spec?.replicas)}, not 1: more sims would be more meadows`);
      if (s[0].spec?.strategy?.type !== "Recreate") p.push(`spec.strategy.type is ${JSON.stringify(s[0].spec?.strategy?.type)}, not Recreate: two sims would run at once on one state`);
      return p;
    }],
    ["no other meadow: every meadow-server is --role sim or --role edge, no autoscaler on the sim or NATS", (w) => {
      const p = [];
      for (const d of meadows(w)) {
        const role = setting(d, "--role");
        if (role !== "sim" && role !== "edge") p.push(`${d.metadata?.name}: --role ${role ?? "(none: all)"}: a meadow of its own beside the sim`);
      }
      if (one(w, "StatefulSet").length || one(w, "ReplicaSet").length || one(w, "DaemonSet").length) p.push("a workload besides the Deployments");
      for (const hpa of one(w, "HorizontalPodAutoscaler")) {
        const target = hpa.spec?.scaleTargetRef?.name;
        if (!edges(w).some((d) => d.metadata?.name === target)) p.push(`the autoscaler ${hpa.metadata?.name} scales ${target}: only edges may be more than one`);
      }
      return p;
    }],
    ["the edges: a Deployment of --role edge, two replicas or more, rolling with none unavailable", (w) => {
      const e = edges(w);
      if (e.length !== 1) return [`${e.length} Deployments of --role edge (one, with replicas)`];
      const d = e[0];
      const p = [];
      if (!Number.isInteger(d.spec?.replicas) || d.spec.replicas < 2) p.push(`spec.replicas is ${JSON.stringify(d.spec?.replicas)}: one edge is no spare`);
      const st = d.spec?.strategy ?? {};
      if ((st.type ?? "RollingUpdate") !== "RollingUpdate") p.push(`spec.strategy.type is ${st.type}: Recreate would cut every viewer at once`);
      else if (!["0", "0%", 0].includes(st.rollingUpdate?.maxUnavailable)) p.push(`maxUnavailable is ${JSON.stringify(st.rollingUpdate?.maxUnavailable)}, not 0: a new edge must be ready before an old one stops`);
      return p;
    }],
    ["NATS: one Deployment of nats-server, one replica, Recreate, nothing stored", (w) => {
      const n = natsDeployments(w);
      if (n.length !== 1) return [`${n.length} Deployments running nats-server`];
      const p = [];
      const conf = natsConf();
      if (n[0].spec?.replicas !== 1) p.push(`spec.replicas is ${JSON.stringify(n[0].spec?.replicas)}, not 1: NATS servers that are not a cluster would split the sim from some edges`);
      if (n[0].spec?.strategy?.type !== "Recreate") p.push(`spec.strategy.type is ${JSON.stringify(n[0].spec?.strategy?.type)}, not Recreate: a second server beside the first is a split`);
      if (conf.jetstream) p.push(`${NATS_CONF} enables JetStream: frames are not to be stored`);
      if (conf.cluster) p.push(`${NATS_CONF} has a cluster: one server here`);
      if ((podSpec(n[0]).volumes ?? []).some((v) => v.persistentVolumeClaim)) p.push("NATS mounts a claim: it stores nothing");
      return p;
    }],
    ["the sim and the edges meet on the NATS Service: --nats its name and port, one subject", (w) => {
      const p = [];
      const n = nats(w);
      const conf = natsConf();
      const svcs = n ? servicesOf(w, n) : [];
      if (!svcs.length) return ["no Service selects NATS"];
      // host names a Service of NATS may go by in its namespace.
      const ns = h.baseFiles.flatMap((f) => f.objects).find((o) => o.kind === "Namespace")?.metadata?.name ?? "meadow";
      const natsPorts = [];
      for (const s of svcs) {
        for (const sp of s.spec?.ports ?? []) {
          const target = typeof sp.targetPort === "string" ? containerPort(natsOf(n), sp.targetPort) : sp.targetPort ?? sp.port;
          if (target === conf.client) {
            for (const host of [s.metadata?.name, `${s.metadata?.name}.${ns}`, `${s.metadata?.name}.${ns}.svc`, `${s.metadata?.name}.${ns}.svc.cluster.local`]) {
              natsPorts.push(`${host}:${sp.port}`);
            }
          }
        }
      }
      if (!natsPorts.length) p.push(`no Service port of NATS leads to its client port ${conf.client} (${NATS_CONF})`);
      const subjects = new Set();
      for (const d of [...sims(w), ...edges(w)]) {
        const who = `${setting(d, "--role")} ${d.metadata?.name}`;
        const { urls, problems } = natsUrls(d);
        for (const x of problems) p.push(`${who}: ${x}`);
        for (const u of urls) if (!natsPorts.includes(`${u.host}:${u.port}`)) p.push(`${who}: --nats ${u.host}:${u.port} is not the NATS Service (${natsPorts[0] ?? "none"})`);
        subjects.add(setting(d, "--nats-subject") ?? "meadow");
        // Credentials and TLS files come from a Secret volume, never the manifest.
        for (const flag of ["--nats-creds", "--nats-tls-ca", "--nats-tls-cert", "--nats-tls-key"]) {
          const file = setting(d, flag);
          if (!file) continue;
          const mount = (serverOf(d)?.volumeMounts ?? []).find((m) => file.startsWith(m.mountPath.replace(/\/?$/, "/")));
          const vol = mount && (podSpec(d).volumes ?? []).find((v) => v.name === mount.name);
          if (!vol?.secret?.secretName) p.push(`${who}: ${flag} ${file} is not in a Secret volume`);
        }
      }
      if (!sims(w).length || !edges(w).length) p.push("no sim or no edges");
      if (subjects.size > 1) p.push(`the sim and the edges use different --nats-subject (${[...subjects].join(", ")}): the edges would hear nothing`);
      return p;
    }],
    ["NATS locked: TLS, a certificate per role from its own Secret, no --nats-insecure", (w) => {
      const p = [];
      const roles = [...sims(w).map((d) => [d, "meadow-nats-sim"]), ...edges(w).map((d) => [d, "meadow-nats-edges"])];
      for (const [d, secret] of roles) {
        const name = d.metadata?.name;
        if (setting(d, "--nats-insecure") !== undefined) p.push(`${name}: --nats-insecure: NATS would take anyone's frames and actions`);
        const dirs = ["--nats-tls-ca", "--nats-tls-cert", "--nats-tls-key"].map((f) => setting(d, f));
        if (dirs.some((v) => !v)) { p.push(`${name}: not all of --nats-tls-ca, --nats-tls-cert, --nats-tls-key`); continue; }
        const vol = (podSpec(d).volumes ?? []).find((v) => v.secret?.secretName === secret);
        const mount = vol && (serverOf(d)?.volumeMounts ?? []).find((m) => m.name === vol.name);
        if (!mount) { p.push(`${name}: Secret ${secret} is not mounted`); continue; }
        if (mount.readOnly !== true) p.push(`${name}: its NATS credentials are not mounted read-only`);
        if (vol.secret.defaultMode !== undefined && (vol.secret.defaultMode & 0o007) !== 0) p.push(`${name}: its NATS key is readable by others`);
        for (const f of dirs) if (!f.startsWith(mount.mountPath + "/")) p.push(`${name}: ${f} is not in the mounted ${secret}`);
      }
      const n = nats(w);
      const conf = natsConf();
      if (!conf.tls?.verify_and_map) p.push(`${NATS_CONF}: no tls block with verify_and_map: clients are not told apart`);
      if (n && !(podSpec(n).volumes ?? []).some((v) => v.secret?.secretName === "meadow-nats-server")) p.push("NATS does not mount the Secret meadow-nats-server (its certificate and users.conf)");
      return p;
    }],
    ["the edges count visitors by the address the Ingress forwards, with the server's own caps", (w) => {
      const p = [];
      for (const d of edges(w)) {
        for (const cap of ["--max-viewers-per-address", "--max-connections-per-address"]) {
          if (setting(d, cap) !== undefined) p.push(`${d.metadata?.name}: ${cap} ${setting(d, cap)}: one visitor could hold what the cap meant for everyone`);
        }
        if (!setting(d, "--trusted-proxy")) p.push(`${d.metadata?.name}: no --trusted-proxy: every visitor counts as the ingress controller's address`);
      }
      return p;
    }],
    ["an edge takes no simulation flags, no state and no operator token", (w) => {
      const p = [];
      for (const d of edges(w)) {
        const c = serverOf(d);
        for (const flag of argsOf(d).values.keys()) if (SIM_ONLY_FLAG.test(flag)) p.push(`${flag}: the sim's, not an edge's`);
        for (const e of c?.env ?? []) {
          const flag = "--" + e.name.replace(/^MEADOW_/, "").toLowerCase().replace(/_/g, "-");
          if (e.name.startsWith("MEADOW_") && (SIM_ONLY_FLAG.test(flag) || e.name === "MEADOW_OPERATOR_TOKEN")) p.push(`environment ${e.name}: the sim's, not an edge's`);
        }
        if ((podSpec(d).volumes ?? []).some((v) => v.persistentVolumeClaim)) p.push("an edge mounts a claim: it keeps no state");
      }
      return p;
    }],
    edgeRule("the container runs meadow-server with flags it has"),
    simRule("the container runs meadow-server with flags it has"),
    ["the sim listens on the pod's address: the operator's port, /metrics apart", (w) => {
      const d = sim(w);
      if (!d) return ["no sim"];
      const p = listening(d, [["--port", "http"], ["--operator-port", "operator-grpc"]]);
      if (setting(d, "--operator-bind") !== "0.0.0.0") p.push("--operator-bind is not 0.0.0.0: the Ingress cannot reach the operator");
      else if (setting(d, "--operator-allow-plaintext") === undefined && !setting(d, "--operator-tls-cert")) {
        p.push("a non-loopback --operator-bind needs --operator-allow-plaintext or TLS (the server refuses to start)");
      }
      return p;
    }],
    ["the edges listen on the pod's address: viewers, native viewers, /metrics apart", (w) => {
      const d = edge(w);
      if (!d) return ["no edge"];
      const p = listening(d, [["--port", "http"], ["--viewer-grpc-port", "viewer-grpc"]]);
      if (setting(d, "--viewer-grpc-bind") !== "0.0.0.0") p.push("--viewer-grpc-bind is not 0.0.0.0: the Service cannot reach native viewers' gRPC");
      return p;
    }],
    simRule("startup, readiness and liveness probes on /healthz"),
    ["the edges' probes: ready on /healthz, a startup that waits for the sim, alive without it", (w) => {
      const d = edge(w);
      const c = serverOf(d);
      if (!c) return ["no edge"];
      const p = [];
      for (const probe of ["startupProbe", "readinessProbe"]) {
        const g = c[probe]?.httpGet;
        if (!g) { p.push(`no ${probe} (an httpGet)`); continue; }
        if (g.path !== "/healthz") p.push(`${probe} asks ${g.path}: the edge answers /healthz (503 without a live sim)`);
        if (g.port !== "http" && g.port !== containerPort(c, "http")) p.push(`${probe} asks port ${g.port}, not http`);
      }
      // The edge listens once it has heard the sim: that waits for NATS, the sim's recovery (its
      // own startup window) and its volume.
      const simWindow = probeWindow(serverOf(sim(w))?.startupProbe);
      const window = probeWindow(c.startupProbe);
      if (c.startupProbe && window < Math.max(300, simWindow + 60)) {
        p.push(`the startup probe allows ${window} s: under 5 minutes, or under the sim's own ${simWindow} s and a minute, edges would be restarted while the sim starts`);
      }
      const live = c.livenessProbe;
      if (!live) p.push("no livenessProbe");
      else if (live.httpGet?.path === "/healthz") p.push("the liveness probe asks /healthz, which is 503 while the sim restarts: every edge would be restarted with it");
      const grace = podSpec(d).terminationGracePeriodSeconds ?? 30;
      const pause = (c.lifecycle?.preStop?.exec?.command ?? []).join(" ").match(/sleep\s+(\d+)/)?.[1];
      if (pause && Number(pause) >= grace) p.push(`the preStop pause (${pause} s) takes the whole grace period (${grace} s)`);
      return p;
    }],
    simRule("resources: requests and a memory limit"),
    edgeRule("resources: requests and a memory limit"),
    ["NATS: resources, probes on its monitoring /healthz, its configuration's ports", (w) => {
      const d = nats(w);
      const c = natsOf(d);
      if (!c) return ["no nats-server container"];
      const conf = natsConf();
      const p = [];
      if (containerPort(c, "client") !== conf.client) p.push(`the container port client ${containerPort(c, "client")} is not ${NATS_CONF}'s ${conf.client}`);
      if (containerPort(c, "monitor") !== conf.monitor) p.push(`the container port monitor ${containerPort(c, "monitor")} is not ${NATS_CONF}'s http ${conf.monitor}`);
      for (const probe of ["readinessProbe", "livenessProbe"]) {
        const g = c[probe]?.httpGet;
        if (!g) { p.push(`no ${probe} (an httpGet)`); continue; }
        if (g.path !== "/healthz") p.push(`${probe} asks ${g.path}: nats-server answers /healthz`);
        if (g.port !== "monitor" && g.port !== conf.monitor) p.push(`${probe} asks port ${g.port}, not monitor`);
      }
      const r = c.resources ?? {};
      if (!r.requests?.cpu || !r.requests?.memory || !r.limits?.memory) p.push("no cpu and memory requests and a memory limit");
      if (h.bytes(r.requests?.memory) > h.bytes(r.limits?.memory)) p.push("the memory request is above the limit");
      return p;
    }],
    simRule("the operator's token comes from a Secret"),
    simRule("the state is a PersistentVolumeClaim mounted at --state-dir"),
    simRule("non-root, read-only root"),
    ["the edges: non-root, read-only root, no capabilities, the Dockerfile's user and viewer", (w) => {
      const d = edge(w);
      const c = serverOf(d);
      if (!c) return ["no edge"];
      const p = security(d, c, { volume: false });
      const docker = fs.readFileSync(path.join(repo, "Dockerfile"), "utf8");
      const uid = c.securityContext?.runAsUser ?? podSpec(d).securityContext?.runAsUser;
      if (!new RegExp(`(--uid\\s+${uid}\\b|^USER\\s+${uid}\\b)`, "m").test(docker)) p.push(`the Dockerfile's user is not uid ${uid} (runAsUser)`);
      const web = setting(d, "--web-root");
      if (!web || !docker.includes(web)) p.push(`--web-root ${web} is not the Dockerfile's viewer folder`);
      if (c.image?.split(":")[0] !== serverOf(sim(w))?.image?.split(":")[0]) p.push(`the image ${c.image} is not the sim's (${serverOf(sim(w))?.image}): one Dockerfile, one binary`);
      return p;
    }],
    simRule("the image is the repository's Dockerfile"),
    ["NATS: non-root as nats.Dockerfile's user, read-only root, its configuration baked in", (w) => {
      const d = nats(w);
      const c = natsOf(d);
      if (!c) return ["no nats-server container"];
      const p = security(d, c, { volume: false });
      const file = path.join(repo, NATS_DOCKERFILE);
      if (!fs.existsSync(file)) return [...p, `no ${NATS_DOCKERFILE}`];
      const docker = fs.readFileSync(file, "utf8");
      const uid = c.securityContext?.runAsUser ?? podSpec(d).securityContext?.runAsUser;
      if (!new RegExp(`^USER\\s+${uid}\\b`, "m").test(docker)) p.push(`${NATS_DOCKERFILE}'s USER is not uid ${uid} (runAsUser)`);
      const copied = new RegExp(`^COPY\\s+${NATS_CONF.replace(/\./g, "\\.")}\\s+(\\S+)`, "m").exec(docker)?.[1];
      if (!copied) p.push(`${NATS_DOCKERFILE} does not copy ${NATS_CONF}`);
      const argv = [...(c.command ?? []), ...(c.args ?? [])];
      const i = argv.findIndex((a) => a === "-c" || a === "--config");
      if (i < 0 || argv[i + 1] !== copied) p.push(`nats-server is not started with -c ${copied} (the configuration the image holds): ${JSON.stringify(argv)}`);
      if (c.command && !/nats-server$/.test(c.command[0] ?? "")) p.push(`command ${JSON.stringify(c.command)} is not nats-server`);
      if (c.command?.[0] && !docker.includes(c.command[0])) p.push(`${c.command[0]} is not where ${NATS_DOCKERFILE} runs nats-server`);
      return p;
    }],
    ["the Services: each selects one kind of pod and names its ports", (w) => {
      const p = [];
      const workloads = [...meadows(w), ...natsDeployments(w)];
      for (const s of one(w, "Service")) {
        const picked = workloads.filter((d) => serviceSelects(s, d));
        if (picked.length !== 1) { p.push(`Service ${s.metadata?.name} selects ${picked.length} Deployments' pods (${picked.map((d) => d.metadata?.name).join(", ")}), not one`); continue; }
        const c = serverOf(picked[0]) ?? natsOf(picked[0]);
        for (const port of s.spec?.ports ?? []) {
          if (!IANA_NAME.test(port.name ?? "") || /--/.test(port.name)) p.push(`${s.metadata?.name}: port name ${port.name} is not an IANA service name (15 characters, a-z0-9-)`);
          const target = port.targetPort ?? port.port;
          if (typeof target === "string" ? containerPort(c, target) === undefined : !(c?.ports ?? []).some((cp) => cp.containerPort === target)) {
            p.push(`${s.metadata?.name}: port ${port.name} targets ${target}, which the container does not have`);
          }
        }
      }
      for (const d of one(w, "Deployment")) {
        const labels = podLabels(d);
        if (!Object.entries(d.spec?.selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v)) p.push(`${d.metadata?.name}: its selector does not match its pod's labels`);
      }
      // Two Deployments whose selectors both match one's pods would fight over them.
      for (const a of one(w, "Deployment")) for (const b of one(w, "Deployment")) {
        if (a !== b && selects(a.spec?.selector, podLabels(b))) p.push(`${a.metadata?.name}'s selector takes ${b.metadata?.name}'s pods too`);
      }
      if (!sim(w) || !servicesOf(w, sim(w)).some((s) => (s.spec?.ports ?? []).some((x) => x.name === "operator-grpc"))) p.push("no Service with the sim's operator-grpc");
      for (const name of ["http", "viewer-grpc"]) {
        if (!edge(w) || !servicesOf(w, edge(w)).some((s) => (s.spec?.ports ?? []).some((x) => x.name === name))) p.push(`no Service with the edges' ${name}`);
      }
      return p;
    }],
    ["the Ingresses: TLS, WebSocket timeouts, the viewers to the edges, the operator to the sim", (w) => {
      const p = [];
      const svcByName = new Map(one(w, "Service").map((s) => [s.metadata?.name, s]));
      const simSvc = new Set(sim(w) ? servicesOf(w, sim(w)).map((s) => s.metadata?.name) : []);
      const edgeSvc = new Set(edge(w) ? servicesOf(w, edge(w)).map((s) => s.metadata?.name) : []);
      const backends = [];
      for (const ing of one(w, "Ingress")) {
        const a = ing.metadata?.annotations ?? {};
        if (!(ing.spec?.tls ?? []).some((t) => t.secretName)) p.push(`${ing.metadata?.name}: no TLS secret`);
        for (const rule of ing.spec?.rules ?? []) {
          if (!(ing.spec?.tls ?? []).some((t) => (t.hosts ?? []).includes(rule.host))) p.push(`${ing.metadata?.name}: host ${rule.host} has no TLS`);
          for (const hp of rule.http?.paths ?? []) {
            const b = hp.backend?.service;
            const svc = svcByName.get(b?.name);
            backends.push({ path: hp.path, service: b?.name, grpc: a["nginx.ingress.kubernetes.io/backend-protocol"] === "GRPC", a });
            if (!svc) { p.push(`${ing.metadata?.name} ${hp.path}: no Service ${b?.name}`); continue; }
            if (b?.port?.name ? !(svc.spec?.ports ?? []).some((x) => x.name === b.port.name) : !(svc.spec?.ports ?? []).some((x) => x.port === b?.port?.number)) {
              p.push(`${ing.metadata?.name} ${hp.path}: the Service ${b.name} has no port ${b?.port?.name ?? b?.port?.number}`);
            }
          }
        }
      }
      const web = backends.find((b) => b.path === "/" && !b.grpc);
      if (!web) p.push("no Ingress path / to the viewer (HTTP)");
      else {
        if (!edgeSvc.has(web.service)) p.push(`the viewers (/) go to ${web.service}, not to the edges' Service`);
        for (const k of ["proxy-read-timeout", "proxy-send-timeout"]) {
          if (!(Number(web.a[`nginx.ingress.kubernetes.io/${k}`]) >= 300)) p.push(`the viewer's Ingress ${k} is under 300 s: WebSockets would be cut`);
        }
      }
      const operator = backends.find((b) => b.path === "/meadow.v1.Operator");
      if (!operator) p.push("no Ingress path /meadow.v1.Operator");
      else {
        if (!operator.grpc) p.push("/meadow.v1.Operator is not on a GRPC backend");
        if (!simSvc.has(operator.service)) p.push(`the operator's gRPC goes to ${operator.service}, not to the sim's Service: an edge has no operator`);
      }
      const viewer = backends.find((b) => b.path === "/meadow.v1.Viewer");
      if (viewer && !edgeSvc.has(viewer.service)) p.push(`native viewers' gRPC goes to ${viewer.service}, not to the edges' Service`);
      if (viewer && !viewer.grpc) p.push("/meadow.v1.Viewer is not on a GRPC backend");
      for (const b of backends) if (!edgeSvc.has(b.service) && b.path !== "/meadow.v1.Operator") p.push(`${b.path} goes to ${b.service}: only the operator goes to the sim`);
      return p;
    }],
    ["a PodDisruptionBudget keeps an edge serving and lets a drain through", (w) => {
      const p = [];
      const d = edge(w);
      const pdbs = one(w, "PodDisruptionBudget");
      const mine = pdbs.filter((x) => d && selects(x.spec?.selector, podLabels(d)));
      if (mine.length !== 1) p.push(`${mine.length} PodDisruptionBudgets for the edges, not one`);
      for (const x of mine) {
        const min = x.spec?.minAvailable;
        if (min === undefined && x.spec?.maxUnavailable === undefined) p.push(`${x.metadata?.name}: neither minAvailable nor maxUnavailable`);
        if (typeof min === "number" && !(min >= 1 && min < (d.spec?.replicas ?? 1))) p.push(`${x.metadata?.name}: minAvailable ${min} of ${d.spec?.replicas} edges: none serving, or no drain ever allowed`);
        if (typeof min === "string" && (min === "100%" || min === "0%")) p.push(`${x.metadata?.name}: minAvailable ${min}`);
      }
      for (const x of pdbs) {
        for (const other of [sim(w), nats(w)]) {
          if (other && selects(x.spec?.selector, podLabels(other))) p.push(`${x.metadata?.name} covers ${other.metadata?.name}, one replica: it would block every drain of its node`);
        }
      }
      return p;
    }],
    ["NATS only from the sim and the edges (a NetworkPolicy on its client port)", (w) => {
      const n = nats(w);
      if (!n) return ["no NATS"];
      const c = natsOf(n);
      const pols = one(w, "NetworkPolicy").filter((x) => selects(x.spec?.podSelector, podLabels(n)) && (x.spec?.policyTypes ?? ["Ingress"]).includes("Ingress"));
      if (!pols.length) return ["no NetworkPolicy guards NATS: any pod could publish frames to every viewer"];
      const p = [];
      const client = natsConf().client;
      const portMatches = (rp) => rp.port === undefined || rp.port === client || (typeof rp.port === "string" && containerPort(c, rp.port) === client);
      const allowed = [];
      for (const pol of pols) {
        for (const rule of pol.spec?.ingress ?? []) {
          if (rule.ports && !rule.ports.some(portMatches)) continue;
          if (!rule.from?.length) { p.push(`${pol.metadata?.name}: a rule lets anyone reach the client port`); continue; }
          for (const peer of rule.from) {
            if (peer.ipBlock || peer.namespaceSelector) p.push(`${pol.metadata?.name}: the client port open to ${peer.ipBlock ? "an ipBlock" : "other namespaces"}`);
            if (peer.podSelector) allowed.push(peer.podSelector);
          }
        }
      }
      const may = (labels) => allowed.some((sel) => selects(sel, labels));
      for (const d of [sim(w), edge(w)]) if (d && !may(podLabels(d))) p.push(`${d.metadata?.name}'s pods may not reach NATS`);
      if (may({ "app.kubernetes.io/name": "someone-else" }) || may(podLabels(n))) p.push("the client port is open to pods that are neither the sim nor an edge");
      return p;
    }],
    ["the sim takes over the single meadow (deploy/k8s): its names, labels and claim", (w) => {
      const p = [];
      const baseDeploy = baseOf("Deployment")[0];
      const s = sim(w);
      if (!baseDeploy || !s) return ["no Deployment in deploy/k8s or no sim"];
      if (s.metadata?.name !== baseDeploy.metadata?.name) p.push(`the sim is ${s.metadata?.name}, the single meadow ${baseDeploy.metadata?.name}: applied over it, both meadows would run`);
      if (JSON.stringify(s.spec?.selector) !== JSON.stringify(baseDeploy.spec?.selector)) p.push("the sim's selector is not the single meadow's (a Deployment's selector cannot change)");
      const claim = (podSpec(s).volumes ?? []).find((v) => v.persistentVolumeClaim)?.persistentVolumeClaim?.claimName;
      const pvc = one(w, "PersistentVolumeClaim").find((x) => x.metadata?.name === claim);
      const basePvc = baseOf("PersistentVolumeClaim").find((x) => x.metadata?.name === claim);
      if (!basePvc) p.push(`the sim's claim ${claim} is not deploy/k8s's (${baseOf("PersistentVolumeClaim").map((x) => x.metadata?.name).join(", ")}): the meadow would start anew`);
      else if (JSON.stringify(pvc?.spec) !== JSON.stringify(basePvc.spec)) p.push(`the claim ${claim} differs from deploy/k8s/pvc.yaml's (a bound claim's spec cannot change)`);
      for (const kind of ["Service", "Ingress"]) {
        const mine = new Set(one(w, kind).map((x) => x.metadata?.name));
        for (const b of baseOf(kind)) if (!mine.has(b.metadata?.name)) p.push(`deploy/k8s's ${kind} ${b.metadata?.name} has no namesake here: it would stay, pointing at the sim`);
      }
      return p;
    }],
  ];

  function kustomizationErrors(files) {
    const p = h.kustomizationErrors(files);
    const obj = files.find((f) => f.name === "kustomization.yaml")?.objects[0] ?? {};
    const ns = baseOf("Namespace").map((o) => o.metadata?.name);
    if (!ns.includes(obj.namespace)) p.push(`namespace ${obj.namespace} is not deploy/k8s's Namespace (${ns.join(", ")})`);
    if (files.some((f) => f.objects.some((o) => o.kind === "Namespace"))) p.push("a Namespace of its own: the namespace is deploy/k8s/namespace.yaml's");
    const images = new Set((obj.images ?? []).map((i) => i.name));
    for (const f of files) for (const o of f.objects) for (const c of o.spec?.template?.spec?.containers ?? []) {
      const name = (c.image ?? "").replace(/[:@].*$/, "");
      if (!images.has(name)) p.push(`${o.metadata?.name}'s image ${name} has no images entry (where the cluster pulls it from)`);
    }
    return p;
  }

  // Broken copies that must fail.
  const objectsOf = (files, kind) => files.flatMap((f) => f.objects).filter((o) => o.kind === kind);
  const byName = (files, kind, name) => objectsOf(files, kind).find((o) => o.metadata?.name === name);
  const byRole = (files, role) => objectsOf(files, "Deployment").find((d) => (serverOf(d)?.args ?? []).includes(`--role=${role}`));
  const natsDeploy = (files) => objectsOf(files, "Deployment").find((d) => natsOf(d));
  const setArg = (d, flag, value) => {
    const c = serverOf(d);
    c.args = c.args.filter((a) => !a.startsWith(`${flag}=`) && a !== flag);
    if (value !== undefined) c.args.push(value === "" ? flag : `${flag}=${value}`);
  };
  const ingressPath = (files, p) => objectsOf(files, "Ingress").flatMap((i) => i.spec.rules[0].http.paths).find((x) => x.path === p);
  const mutations = [
    ["an edge without --nats", (files) => setArg(byRole(files, "edge"), "--nats")],
    ["the sim with replicas: 2", (files) => { byRole(files, "sim").spec.replicas = 2; }],
    ["the sim rolling (RollingUpdate)", (files) => { byRole(files, "sim").spec.strategy = { type: "RollingUpdate" }; }],
    ["the sim without --role: a meadow of its own (all)", (files) => setArg(byRole(files, "sim"), "--role")],
    ["the edges' --nats on another port", (files) => setArg(byRole(files, "edge"), "--nats", "nats://meadow-nats:4223")],
    ["the edges' --nats naming no Service", (files) => setArg(byRole(files, "edge"), "--nats", "nats://nats:4222")],
    ["a NATS password written in --nats", (files) => setArg(byRole(files, "sim"), "--nats", "nats://meadow:secret@meadow-nats:4222")],
    ["the edges on another --nats-subject", (files) => setArg(byRole(files, "edge"), "--nats-subject", "garden")],
    ["the edges on NATS without TLS (--nats-insecure)", (files) => {
      const d = byRole(files, "edge");
      serverOf(d).args = serverOf(d).args.filter((a) => !a.startsWith("--nats-tls-"));
      setArg(d, "--nats-insecure", "");
    }],
    ["the sim's NATS credentials from the edges' Secret", (files) => {
      const d = byRole(files, "sim");
      d.spec.template.spec.volumes.find((v) => v.secret).secret.secretName = "meadow-nats-edges";
    }],
    ["the edges' per-address caps raised to 512", (files) => setArg(byRole(files, "edge"), "--max-viewers-per-address", "512")],
    ["the edges trusting no proxy", (files) => setArg(byRole(files, "edge"), "--trusted-proxy")],
    ["an edge with a --state-dir", (files) => setArg(byRole(files, "edge"), "--state-dir", "/var/lib/meadow")],
    ["an edge with the operator's token", (files) => {
      serverOf(byRole(files, "edge")).env.push({ name: "MEADOW_OPERATOR_TOKEN", valueFrom: { secretKeyRef: { name: "meadow-operator-token", key: "token" } } });
    }],
    ["a flag meadow-server does not have, on an edge", (files) => setArg(byRole(files, "edge"), "--nats-url", "nats://meadow-nats:4222")],
    ["a misspelled field in the edges' Deployment (readinesProbe)", (files) => {
      const c = serverOf(byRole(files, "edge"));
      c.readinesProbe = c.readinessProbe;
      delete c.readinessProbe;
    }],
    ["one edge", (files) => { byRole(files, "edge").spec.replicas = 1; }],
    ["the edges replaced by Recreate", (files) => { byRole(files, "edge").spec.strategy = { type: "Recreate" }; }],
    ["the edges rolling with one unavailable", (files) => { byRole(files, "edge").spec.strategy.rollingUpdate.maxUnavailable = 1; }],
    ["the edges' liveness probe on /healthz", (files) => {
      serverOf(byRole(files, "edge")).livenessProbe = { httpGet: { path: "/healthz", port: "http" }, periodSeconds: 10 };
    }],
    ["the edges' startup probe of 30 s", (files) => { serverOf(byRole(files, "edge")).startupProbe.failureThreshold = 6; }],
    ["the edges with the Services' links", (files) => { podSpec(byRole(files, "edge")).enableServiceLinks = true; }],
    ["NATS with replicas: 2", (files) => { natsDeploy(files).spec.replicas = 2; }],
    ["NATS on a client port its configuration does not listen on", (files) => {
      natsOf(natsDeploy(files)).ports.find((x) => x.name === "client").containerPort = 4223;
    }],
    ["NATS as another user than its image's", (files) => { podSpec(natsDeploy(files)).securityContext.runAsUser = 10003; }],
    ["the viewers' Ingress to the sim", (files) => { ingressPath(files, "/").backend.service.name = "meadow"; }],
    ["the operator's gRPC to the edges", (files) => {
      const b = ingressPath(files, "/meadow.v1.Operator").backend.service;
      b.name = "meadow-edge";
      b.port = { name: "viewer-grpc" };
    }],
    ["the edges' Service selecting the sim too", (files) => {
      delete byName(files, "Service", "meadow-edge").spec.selector["app.kubernetes.io/component"];
    }],
    ["the edges' budget of minAvailable 2 of 2", (files) => { objectsOf(files, "PodDisruptionBudget")[0].spec.minAvailable = 2; }],
    ["a budget over the sim", (files) => {
      objectsOf(files, "PodDisruptionBudget")[0].spec.selector.matchLabels = { "app.kubernetes.io/name": "meadow" };
    }],
    ["NATS open to every pod", (files) => { objectsOf(files, "NetworkPolicy")[0].spec.ingress[0].from = [{ podSelector: {} }]; }],
    ["the sim renamed (meadow-sim): the single meadow would stay beside it", (files) => { byRole(files, "sim").metadata.name = "meadow-sim"; }],
    ["a claim unlike the single meadow's (2Gi)", (files) => { objectsOf(files, "PersistentVolumeClaim")[0].spec.resources.requests.storage = "2Gi"; }],
    ["the NATS Service missing from kustomization.yaml", (files) => {
      const k = files.find((f) => f.name === "kustomization.yaml").objects[0];
      k.resources = k.resources.filter((r) => r !== "nats-service.yaml");
    }],
  ];

  return { rules, kustomizationErrors, mutations };
}
