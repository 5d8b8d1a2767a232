module.exports = {
  assets: ["./assets/"],
  dependencies: {
    "react-native-ios-context-menu": {
      platforms: {
        android: null,
      },
    },
  },
};
