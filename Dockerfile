# Rookery image: the Maven build in one stage, a JRE and the built modules in the other.
# Every command runs as './rookery COMMAND' on its own module's classpath, as on a developer machine.
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /opt/rookery/app
COPY . .
# The module classpaths (target/classpath.txt) name jars in this repository; the runtime stage keeps
# it at the same path.
RUN mvn -B -q -Dmaven.repo.local=/opt/rookery/m2 -DskipTests package

FROM eclipse-temurin:17-jre
WORKDIR /opt/rookery/app
COPY --from=build /opt/rookery/m2 /opt/rookery/m2
COPY --from=build /opt/rookery/app /opt/rookery/app
# No Maven here: the launcher uses the modules built above as they are.
ENV ROOKERY_PREBUILT=1
VOLUME ["/data"]
ENTRYPOINT ["/opt/rookery/app/rookery"]
CMD ["--help"]
