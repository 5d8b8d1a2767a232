export * from "./use-is-installed-apps";
export * from "./use-share-image";
