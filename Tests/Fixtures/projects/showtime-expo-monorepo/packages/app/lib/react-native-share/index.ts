import Share, { ShareSingleOptions, Social } from "react-native-share";

export default Share;
export { ShareSingleOptions, Social };
