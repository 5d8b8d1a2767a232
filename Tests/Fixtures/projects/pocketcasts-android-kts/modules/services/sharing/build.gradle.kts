plugins {
    alias(libs.plugins.android.library)
    alias(libs.plugins.ksp)
    alias(libs.plugins.hilt)
}

android {
    namespace = "au.com.shiftyjelly.pocketcasts.sharing"
    buildFeatures {
        buildConfig = true
        viewBinding = false
        compose = false
    }
}

dependencies {
    ksp(libs.dagger.hilt.compiler)
    ksp(libs.hilt.compiler)

    api(libs.dagger.hilt.android)
    api(libs.eventhorizon)

    api(projects.modules.services.analytics)
    api(projects.modules.services.deeplink)
    api(projects.modules.services.model)
    api(projects.modules.services.repositories)

    implementation(platform(libs.compose.bom))

    implementation(libs.coil)
    implementation(libs.coil.network.okhttp)
    implementation(libs.coroutines.core)
    implementation(libs.timber)

    implementation(projects.modules.services.images)
    implementation(projects.modules.services.localization)
    implementation(projects.modules.services.utils)

    testImplementation(libs.coroutines.test)
    testImplementation(libs.junit)

    testImplementation(projects.modules.services.analytics.testing)
}
