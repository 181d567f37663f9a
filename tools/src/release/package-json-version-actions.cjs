// nx release's versionActions for this workspace (nx.json `release.version.versionActions`):
// every released project (the apps and the client packages) keeps its version in its own
// package.json, read and written here. Stands in for @nx/js's implementation, which this
// workspace does not install. Nothing is published to or read from a registry: the current
// version is the one on disk (or the project's latest git tag, per nx.json).
'use strict';
const { join } = require('node:path');
const { VersionActions } = require('nx/release');

class PackageJsonVersionActions extends VersionActions {
  validManifestFilenames = ['package.json'];

  async readCurrentVersionFromSourceManifest(tree) {
    const manifestPath = join(this.projectGraphNode.data.root, 'package.json');
    if (!tree.exists(manifestPath)) return null;
    const { version } = JSON.parse(tree.read(manifestPath, 'utf-8'));
    return typeof version === 'string' ? { currentVersion: version, manifestPath } : null;
  }

  async readCurrentVersionFromRegistry() {
    return null;
  }

  // The released projects do not depend on each other through their manifests.
  async readCurrentVersionOfDependency() {
    return { currentVersion: null, dependencyCollection: null };
  }

  async updateProjectDependencies() {
    return [];
  }

  async updateProjectVersion(tree, newVersion) {
    const logs = [];
    for (const { manifestPath } of this.manifestsToUpdate) {
      const manifest = JSON.parse(tree.read(manifestPath, 'utf-8'));
      manifest.version = newVersion;
      tree.write(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
      logs.push(`✍️  New version ${newVersion} written to manifest: ${manifestPath}`);
    }
    return logs;
  }
}

module.exports = PackageJsonVersionActions;
module.exports.default = PackageJsonVersionActions;
