# PSD2 Workbench's simulator as a CI service container (docs/ci.md#container). From a checkout:
#   npm ci && npm pack && docker build -t psd2-workbench .
# then: docker run -p 4646:4646 -e PSD2_WORKBENCH_PUBLIC_URL=http://bank-sim:4646 -e PSD2_WORKBENCH_CONTROL_TOKEN=… psd2-workbench
# test/build/package-install.test.ts runs this file's install command, CMD and HEALTHCHECK (no container runtime runs there).
ARG BASE=node:20-bookworm-slim

FROM ${BASE} AS install
WORKDIR /opt/psd2-workbench
COPY psd2-workbench-*.tgz /tmp/psd2-workbench.tgz
# better-sqlite3 is the one native dependency: where no prebuilt binary can be fetched it compiles (python3, make, g++).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
RUN echo '{"name":"bank-sim","version":"1.0.0","private":true}' > package.json
RUN npm install --omit=dev --no-audit --no-fund /tmp/psd2-workbench.tgz

FROM ${BASE}
WORKDIR /opt/psd2-workbench
COPY --from=install /opt/psd2-workbench /opt/psd2-workbench
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 4646
ENV PSD2_WORKBENCH_PUBLIC_URL=http://localhost:4646
# Unset: a random token, printed at start. Set it (a CI secret) so the job's own clients can pass it.
ENV PSD2_WORKBENCH_CONTROL_TOKEN=
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:4646/simulator/v1/info',{headers:process.env.PSD2_WORKBENCH_CONTROL_TOKEN?{authorization:'Bearer '+process.env.PSD2_WORKBENCH_CONTROL_TOKEN}:{}}).then(r=>process.exit(r.status===200||r.status===401?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node_modules/.bin/psd2-workbench"]
CMD ["serve", "--host", "0.0.0.0", "--port", "4646", "--data", "/data"]
