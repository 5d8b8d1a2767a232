plugins {
    id("com.android.application")
    id("dev.flutter.flutter-gradle-plugin")
}

android {
    namespace = "com.example.flutter_app"
    defaultConfig {
        applicationId = "com.example.flutter_app"
        minSdk = 24
    }
}
